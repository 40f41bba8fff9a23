import type { Database } from '../../db/database.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { issueOneTimeToken } from '../auth/one-time-tokens.ts';

/**
 * POST profile/initiate-sso/: a single-use link token for the signed-in user and their health organisation,
 * with its audit row; the hosted login confirms it once the account's own password is given.
 */
export function startSingleSignOnLink(
  db: Database,
  options: { actor: AuditActor; organisation: string },
): Promise<string> {
  const userId = options.actor.actorId ?? '';
  return db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, {
      userId,
      purpose: 'sso-link',
      detail: { organisation: options.organisation },
    });
    await recordAudit(tx, options.actor, {
      action: 'auth.sso-link-start',
      resourceType: 'user',
      resourceId: userId,
      detail: { organisation: options.organisation },
    });
    return token;
  });
}
