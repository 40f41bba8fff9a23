import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
import { validationFailed } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { accountLinkEmail } from '../auth/account-emails.ts';
import { issueOneTimeToken, spendOneTimeCode } from '../auth/one-time-tokens.ts';
import { queueMail } from '../mail/mail-delivery.ts';

type Account = typeof users.$inferSelect;

export const WRONG_LINK_CODE_MESSAGE = 'That code is not right or has expired. Ask for a new one.';

/**
 * POST profile/link-secondary-account/: a 6-digit code for `email`, mailed there with the code's record in
 * one transaction (10 minutes, single use).
 */
export async function sendAccountLinkCode(
  db: Database,
  options: { user: Account; email: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const code = await issueOneTimeToken(tx, {
      userId: options.user.id,
      purpose: 'account-link',
      detail: { email: options.email },
      code: true,
    });
    await queueMail(tx, accountLinkEmail(options.user, options.email, code));
  });
}

/**
 * POST profile/link-secondary-account/verify/: the code typed back proves the person controls the other
 * address; it is spent, the account linked and the link audited in one transaction.
 */
export async function linkSecondaryAccount(
  db: Database,
  options: { actor: AuditActor; user: Account; otp: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const spent = await spendOneTimeCode(tx, options.user.id, options.otp, 'account-link');
    const email = typeof spent?.detail?.email === 'string' ? spent.detail.email : undefined;
    if (!email) throw validationFailed({ otp: [WRONG_LINK_CODE_MESSAGE] });
    await tx.update(users).set({ linked_account: email }).where(eq(users.id, options.user.id));
    await recordAudit(tx, options.actor, {
      action: 'auth.account-linked',
      resourceType: 'user',
      resourceId: options.user.id,
    });
  });
}
