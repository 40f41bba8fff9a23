import { and, eq } from 'drizzle-orm';
import { showsReferrerContact } from '@referrals/domain/external-access/external-access-rules';
import type {
  ExternalAccessLink,
  VerificationMethod,
} from '@referrals/domain/external-access/external-access-schemas';
import type { Database } from '../../db/database.ts';
import { referralAttachments, referralVerificationCodes } from '../../db/schema/referrals.ts';
import { ApiError, notFound } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import { referralLetterOf } from '../referrals/read-referral-letter.ts';
import { renderReferralLetter } from '../referrals/letter/referral-letter.ts';
import { auditThroughLink } from './access-audit.ts';
import { openAccessLink, openAccessSession, type AccessCall } from './access-link-lookup.ts';
import { downloadableCondition, externalReferralView } from './external-referral-view.ts';

/** Why a reader on the patient's side gets no letter: it prints the referrer's contact, hidden from them. */
export const LETTER_NOT_SHOWN = 'The referral letter is not shown to the patient for this referral.';

/**
 * GET referrals/external/?access= (docs/external-access.md): whether the link still opens its referral
 * (else the 404 of a missing one) and how it may be verified: always the patient's details, and the
 * submitted date with the verification code once the sender side has a code to read out. With a live
 * session the referral as the link shows it too, audited as a read; without one nothing of the referral.
 */
export async function readAccessLink(
  db: Database,
  options: { call: AccessCall },
): Promise<ExternalAccessLink> {
  const { call } = options;
  return db.transaction(async (tx) => {
    const open = await openAccessLink(tx, call);
    const [code] = await tx
      .select({ id: referralVerificationCodes.referral_id })
      .from(referralVerificationCodes)
      .where(eq(referralVerificationCodes.referral_id, open.referral.id));
    const verifyWith: VerificationMethod[] = code
      ? ['patient_details', 'submitted_at_code']
      : ['patient_details'];
    const session = call.session ? await openAccessSession(tx, call).catch(() => undefined) : undefined;
    if (session) await auditThroughLink(tx, open, { action: 'referral.read' });
    return {
      verify_with: verifyWith,
      expires_at: open.link.expires_at.toISOString(),
      referral: session ? await externalReferralView(tx, open.referral, open.audience) : null,
    };
  });
}

/**
 * GET referrals/external/?access=&pdf=true: the referral letter, with a session. It prints the referrer's
 * contact, so the patient's side gets it only where the receiver does not hide that from the patient (a
 * 403 saying so otherwise: the session proved who asks). Audited as 'referral.letter'.
 */
export async function readExternalReferralLetter(
  db: Database,
  options: { call: AccessCall },
): Promise<Buffer> {
  const letter = await db.transaction(async (tx) => {
    const open = await openAccessSession(tx, options.call);
    if (!showsReferrerContact(open.audience, open.referral.hide_referrer_contact_from_patient)) {
      throw new ApiError(403, { detail: LETTER_NOT_SHOWN });
    }
    await auditThroughLink(tx, open, { action: 'referral.letter' });
    return referralLetterOf(tx, open.referral);
  });
  return renderReferralLetter(letter);
}

/**
 * GET referrals/external/?access=&attachment={id}: one of the files the view lists to this reader, with a
 * session; any other id (another list's, another referral's, none) is the 404 of a missing file. Audited as
 * 'referral.attachment.read' with the attachment's id, never its name.
 */
export async function readExternalAttachment(
  db: Database,
  options: { call: AccessCall; attachmentId: string },
): Promise<typeof referralAttachments.$inferSelect> {
  return db.transaction(async (tx) => {
    const open = await openAccessSession(tx, options.call);
    const [file] = isUuid(options.attachmentId)
      ? await tx
          .select()
          .from(referralAttachments)
          .where(
            and(
              eq(referralAttachments.id, options.attachmentId),
              downloadableCondition(open.referral.id, open.audience),
            ),
          )
      : [];
    if (!file) throw notFound();
    await auditThroughLink(tx, open, {
      action: 'referral.attachment.read',
      detail: { attachment_id: file.id, kind: file.kind },
    });
    return file;
  });
}
