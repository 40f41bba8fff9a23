import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { oneTimeTokens } from '../../db/schema/auth.ts';
import { auditActorOf, recordAudit } from '../audit/record-audit.ts';
import { inspectOneTimeToken, spendOneTimeToken } from './one-time-tokens.ts';

/**
 * Single sign-on account linking (spec sections 2 and 4; docs/identity-decisions.md). POST
 * profile/initiate-sso/ issues a single-use 'sso-link' token; the browser carries it through the hosted
 * login as `sso_link`, in email-and-password-only mode. A password sign-in of the same account spends it:
 * that confirmation is the link, and the spent token (its used_at) is the record of when it was made.
 */

/** Confirms the link when the sign-in that just succeeded carried the account's own pending token. */
export async function confirmSingleSignOnLink(
  db: Database,
  request: FastifyRequest,
  userId: string,
  token: unknown,
): Promise<void> {
  if (typeof token !== 'string' || token === '') return;
  const state = await inspectOneTimeToken(db, token, 'sso-link');
  // Another account's password, or a spent or expired link: the sign-in stands, the link is not made.
  if (!state?.usable || state.userId !== userId) {
    await recordAudit(db, auditActorOf(request, { userId: userId }), {
      action: 'auth.sso-link',
      resourceType: 'user',
      resourceId: userId,
      outcome: 'failure',
      detail: { reason: state?.usable ? 'another account' : 'link used or expired' },
    });
    return;
  }
  await db.transaction(async (tx) => {
    if (!(await spendOneTimeToken(tx, token, 'sso-link'))) return;
    await recordAudit(tx, auditActorOf(request, { userId: userId }), {
      action: 'auth.sso-link',
      resourceType: 'user',
      resourceId: userId,
      detail: state.detail ?? {},
    });
  });
}

/** When the account was last linked to its organisation's single sign-on, or null. */
export async function singleSignOnLinkedAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ usedAt: oneTimeTokens.used_at })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.user_id, userId),
        eq(oneTimeTokens.purpose, 'sso-link'),
        isNotNull(oneTimeTokens.used_at),
      ),
    )
    .orderBy(desc(oneTimeTokens.used_at))
    .limit(1);
  return row?.usedAt ?? null;
}
