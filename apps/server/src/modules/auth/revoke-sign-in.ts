import type { Database } from '../../db/database.ts';
import { endSession } from './auth-sessions.ts';
import { databaseAdapter } from './oidc-adapter.ts';

/**
 * Ends a sign-in everywhere: the session the API checks, and at the provider the grant with every code,
 * access token and refresh token it issued, so a kept or replayed refresh token is refused.
 */
export async function revokeSignIn(db: Database, grantId: string): Promise<void> {
  await endSession(db, grantId);
  await new (databaseAdapter(db))('Grant').revokeByGrantId(grantId);
}
