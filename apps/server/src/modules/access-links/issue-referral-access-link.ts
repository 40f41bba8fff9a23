import { eq, sql } from 'drizzle-orm';
import {
  ACCESS_LINK_DAYS,
  type AccessAudience,
} from '@referrals/domain/external-access/external-access-schemas';
import type { Transaction } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { referralAccessLinks } from '../../db/schema/external-access.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { hashToken } from '../auth/one-time-tokens.ts';
import { queueMail } from '../mail/mail-delivery.ts';
import { accessLinkEmail, type AccessLinkMailLead } from './access-link-email.ts';
import { newAccessSecret } from './access-secret.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issues a link to a referral for someone without an account (docs/external-access.md) and mails it, in the
 * caller's transaction: the link and its mail exist exactly when the work that asked for them commits (an
 * external referral's submit, a share, a renewal). The token is 32 random bytes, kept only as its sha256,
 * good for ACCESS_LINK_DAYS. Answers the token once, for the caller's own use (a test, a renewal); it
 * belongs in the mail, never in an API answer, since the mail is what proves the address.
 */
export async function issueReferralAccessLink(
  tx: Transaction,
  options: {
    referralId: string;
    audience: AccessAudience;
    email: string;
    actor: AuditActor;
    /** Facts for the audit row besides the audience and link: the link a share or renewal came from. */
    detail?: Record<string, unknown>;
    /** What the mail says before the link, when it is also about something else (accessLinkEmail). */
    lead?: AccessLinkMailLead;
    now?: Date;
  },
): Promise<{ linkId: string; token: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const [referral] = await tx
    .select({
      patient_id: referrals.patient_id,
      receiver: sql<string | null>`coalesce(${establishments.name},
        ${referrals.referral_receiver_establishment_practice_name})`,
    })
    .from(referrals)
    .leftJoin(establishments, eq(establishments.id, referrals.to_establishment_id))
    .where(eq(referrals.id, options.referralId));
  if (!referral) throw new Error('an access link was asked for a referral that does not exist');
  const token = newAccessSecret();
  const expiresAt = new Date(now.getTime() + ACCESS_LINK_DAYS * DAY_MS);
  const email = options.email.trim().toLowerCase();
  const [link] = await tx
    .insert(referralAccessLinks)
    .values({
      referral_id: options.referralId,
      audience: options.audience,
      email,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      created_at: now,
    })
    .returning({ id: referralAccessLinks.id });
  if (!link) throw new Error('access link insert returned nothing');
  await queueMail(
    tx,
    accessLinkEmail({
      to: email,
      audience: options.audience,
      receiver: referral.receiver ?? 'the clinic',
      token,
      lead: options.lead,
    }),
  );
  // The address stays on the link row: the audit says who got a link, never where it went.
  await recordAudit(tx, options.actor, {
    action: 'referral.access-link.issue',
    resourceType: 'referral',
    resourceId: options.referralId,
    patientId: referral.patient_id,
    detail: { ...options.detail, audience: options.audience, link_id: link.id },
  });
  return { linkId: link.id, token, expiresAt };
}
