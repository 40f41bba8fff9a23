import { eq } from 'drizzle-orm';
import type { MfaStatus, MfaUpdate } from '@referrals/domain/profile/profile-schemas';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
import { notFound, validationFailed } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { isValidMfaCode, mfaEnrolmentUri, newMfaSecret } from '../auth/mfa.ts';
import { pendingMfa } from './load-profile.ts';

/**
 * PATCH profile/mfa/: two-step sign-in on or off. Asking for it without a code starts enrolment (a new
 * secret, shown once); with a code from the app it is turned on; off needs a current code. Each change and
 * its audit row happen in one transaction, on the user's row locked against a concurrent change.
 */
export function updateTwoStepSignIn(
  db: Database,
  options: MfaUpdate & { actor: AuditActor; userId: string },
): Promise<MfaStatus> {
  const { mfa_status: wanted, code } = options;
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, options.userId)).for('update');
    if (!user) throw notFound();
    const codeIsValid = (secret: string | null) =>
      secret !== null && code !== undefined && isValidMfaCode(secret, user.email, code);
    const audit = (action: string) =>
      recordAudit(tx, options.actor, { action, resourceType: 'user', resourceId: user.id });

    if (wanted && !user.mfa_enabled && code === undefined) {
      const secret = newMfaSecret();
      await tx.update(users).set({ mfa_secret: secret }).where(eq(users.id, user.id));
      return {
        mfa_status: false,
        pending_mfa: true,
        secret,
        otpauth_uri: mfaEnrolmentUri(secret, user.email),
      };
    }
    if (wanted && !user.mfa_enabled) {
      if (!codeIsValid(user.mfa_secret))
        throw validationFailed({ code: ['The code is not right. Enter the current code from your app.'] });
      await tx.update(users).set({ mfa_enabled: true }).where(eq(users.id, user.id));
      await audit('auth.mfa-enabled');
      return { mfa_status: true, pending_mfa: pendingMfa({ ...user, mfa_enabled: true }) };
    }
    if (!wanted && user.mfa_enabled) {
      if (!codeIsValid(user.mfa_secret))
        throw validationFailed({
          code: ['Enter the current code from your app to turn two-step sign-in off.'],
        });
      await tx.update(users).set({ mfa_enabled: false, mfa_secret: null }).where(eq(users.id, user.id));
      await audit('auth.mfa-disabled');
      return { mfa_status: false, pending_mfa: false };
    }
    return { mfa_status: user.mfa_enabled, pending_mfa: pendingMfa(user) };
  });
}
