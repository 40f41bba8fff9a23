import { asc } from 'drizzle-orm';
import type { ExternalAttachmentList } from '@referrals/domain/external-access/external-access-schemas';
import type { Database } from '../../db/database.ts';
import { referralAttachments } from '../../db/schema/referrals.ts';
import { auditThroughLink } from './access-audit.ts';
import { openAccessSession, type AccessCall } from './access-link-lookup.ts';
import { patientFiles, toExternalAttachment } from './create-patient-attachment.ts';

/**
 * GET public/referrals/patient-attachments/?access=: the files that came back through the referral's links
 * (its `patient` list but the signed consent forms), oldest first, with a session; audited as one read of
 * the list.
 */
export async function listPatientAttachments(
  db: Database,
  options: { call: AccessCall },
): Promise<ExternalAttachmentList> {
  return db.transaction(async (tx) => {
    const open = await openAccessSession(tx, options.call);
    const rows = await tx
      .select()
      .from(referralAttachments)
      .where(patientFiles(open.referral.id, 'own-files'))
      .orderBy(asc(referralAttachments.created_at), asc(referralAttachments.id));
    await auditThroughLink(tx, open, { action: 'referral.attachment.list', detail: { kind: 'patient' } });
    return { results: rows.map(toExternalAttachment) };
  });
}
