import { desc } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { referralAttachments } from '../../db/schema/referrals.ts';
import { notFound } from '../../http/api-errors.ts';
import { letterEstablishment, letterPatient } from '../referrals/read-letter-parts.ts';
import { letterImage } from '../reports/letter/read-report-letter.ts';
import { auditThroughLink } from './access-audit.ts';
import { openAccessSession, type AccessCall } from './access-link-lookup.ts';
import { renderConsentForm } from './consent-form.ts';
import { patientFiles } from './create-patient-attachment.ts';
import type { FileStorage } from '../files/storage.ts';

/**
 * GET public/referrals/consent/?access= (docs/external-access.md, The consent form): the form to print and
 * sign, for a reader with a session, audited as 'referral.consent.read'. The receiver's logo is read after
 * the transaction; one that is gone or cannot print leaves the form without it.
 */
export async function readConsentForm(
  db: Database,
  options: { call: AccessCall; storage: FileStorage; now?: Date },
): Promise<Buffer> {
  const parts = await db.transaction(async (tx) => {
    const open = await openAccessSession(tx, options.call);
    await auditThroughLink(tx, open, { action: 'referral.consent.read' });
    const { referral } = open;
    const { branding_logo: logo, ...receiver } = await letterEstablishment(
      tx,
      referral.to_establishment_id,
      referral.referral_receiver_establishment_practice_name,
    );
    return { referral, receiver, logo, patient: await letterPatient(tx, referral) };
  });
  return renderConsentForm({
    referral_id: parts.referral.id,
    submitted_at: parts.referral.submitted_at,
    receiver: parts.receiver,
    logo: await letterImage(options.storage, parts.logo),
    patient: parts.patient,
    printed_at: options.now ?? new Date(),
  });
}

/**
 * GET public/referrals/consent/?access=&consent=true: the signed copy last uploaded, with a session; the 404
 * of a missing file before there is one. Audited as the read of that attachment.
 */
export async function readSignedConsent(
  db: Database,
  options: { call: AccessCall },
): Promise<typeof referralAttachments.$inferSelect> {
  return db.transaction(async (tx) => {
    const open = await openAccessSession(tx, options.call);
    const [file] = await tx
      .select()
      .from(referralAttachments)
      .where(patientFiles(open.referral.id, 'consent-forms'))
      .orderBy(desc(referralAttachments.created_at), desc(referralAttachments.id))
      .limit(1);
    if (!file) throw notFound();
    await auditThroughLink(tx, open, {
      action: 'referral.attachment.read',
      detail: { attachment_id: file.id, kind: file.kind },
    });
    return file;
  });
}
