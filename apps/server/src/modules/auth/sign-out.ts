import type { Database } from '../../db/database.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { revokeSignIn } from './revoke-sign-in.ts';

/**
 * Signing out (logout, leaving the registration wizard): the sign-in ends everywhere (revoke-sign-in.ts)
 * and the audit row says so, in one transaction.
 */
export async function signOut(
  db: Database,
  options: { actor: AuditActor; grantId: string; reason?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSignIn(tx, options.grantId);
    await recordAudit(tx, options.actor, {
      action: 'auth.sign-out',
      resourceType: 'user',
      resourceId: options.actor.actorId,
      ...(options.reason ? { detail: { reason: options.reason } } : {}),
    });
  });
}
