import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { oidcModels } from '../../db/schema/auth.ts';
import { endSession } from './auth-sessions.ts';

/**
 * Ends a sign-in everywhere: the session the API checks, and at the provider the grant with every code,
 * access token and refresh token it issued, so a kept or replayed refresh token is refused, and the
 * browser's login there, stored under the grant, so the next authorization request asks for the password.
 * The provider's own revocations come here too (oidc-adapter.ts revokeByGrantId). On `q`, so a caller can
 * end a sign-in in the transaction that audits it.
 */
export async function revokeSignIn(q: Queryable, grantId: string): Promise<void> {
  await q.delete(oidcModels).where(eq(oidcModels.grant_id, grantId));
  await endSession(q, grantId);
}
