import { eq } from 'drizzle-orm';
import type { AttachmentKind } from '@referrals/domain/referrals/forms/attachment-schemas';
import type { Database } from '../../../db/database.ts';
import { referralAttachments } from '../../../db/schema/referrals.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { removeStoredFile } from '../../files/file-store.ts';
import { findReferralAttachment } from './read-referral-attachments.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { recordReferralHistory } from '../referral-history.ts';
import { checkAttachmentWrite } from './attachment-rules.ts';
import type { FileStorage } from '../../files/storage.ts';

/**
 * DELETE referrals/{id}/{kind}-attachments/{attachment}/: the row, history and audit in one transaction;
 * the stored file goes once that has committed (a failed commit must not lose a file still referenced).
 */
export async function deleteReferralAttachment(
  db: Database,
  options: ReferralCall & { storage: FileStorage; kind: AttachmentKind; attachmentId: string },
): Promise<void> {
  const { kind, attachmentId } = options;
  const storedName = await inVisibleReferral(db, { ...options, lock: true }, async (tx, referral, side) => {
    const current = await findReferralAttachment(tx, referral.id, kind, attachmentId);
    checkAttachmentWrite(kind, referral, side);
    await tx.delete(referralAttachments).where(eq(referralAttachments.id, current.id));
    const detail = { kind, attachment_id: current.id, field: current.field };
    await recordReferralHistory(tx, {
      referralId: referral.id,
      caller: options.caller,
      action: 'attachment.delete',
      from: referral.status,
      to: referral.status,
      detail,
    });
    await recordAudit(tx, options.actor, {
      action: 'referral.attachment.delete',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
      detail,
    });
    return current.stored_name;
  });
  await removeStoredFile(options.storage, storedName);
}
