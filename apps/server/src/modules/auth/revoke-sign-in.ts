import type { Database } from '../../db/database.ts';
import { databaseAdapter } from './oidc-adapter.ts';

/**
 * Ends a sign-in everywhere: the session the API checks, and at the provider the grant with every code,
 * access token and refresh token it issued, so a kept or replayed refresh token is refused, and the
 * browser's login there, so the next authorization request asks for the password (oidc-adapter.ts).
 */
export async function revokeSignIn(db: Database, grantId: string): Promise<void> {
  await new (databaseAdapter(db))('Grant').revokeByGrantId(grantId);
}
