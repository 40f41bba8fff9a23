import { eq } from 'drizzle-orm';
import type {
  Attachment,
  AttachmentKind,
  AttachmentMetaUpdate,
} from '@referrals/domain/referrals/forms/attachment-schemas';
import type { Database } from '../../../db/database.ts';
import { referralAttachments } from '../../../db/schema/referrals.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { findReferralAttachment } from './read-referral-attachments.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { recordReferralHistory } from '../referral-history.ts';
import {
  checkAttachmentRoom,
  checkAttachmentWrite,
  checkFitsField,
  receiverFileField,
  toAttachment,
} from './attachment-rules.ts';

/**
 * PATCH referrals/{id}/{kind}-attachments/{attachment}/: changes the meta (field, note). Moving the file
 * to another form field checks that field's max_files and accept list as an upload would.
 */
export async function updateReferralAttachment(
  db: Database,
  options: ReferralCall & { kind: AttachmentKind; attachmentId: string; body: AttachmentMetaUpdate },
): Promise<Attachment> {
  const { kind, attachmentId } = options;
  return inVisibleReferral(db, { ...options, lock: true }, async (tx, referral, side) => {
    const current = await findReferralAttachment(tx, referral.id, kind, attachmentId);
    checkAttachmentWrite(kind, referral, side);
    const meta = options.body.meta;
    const field = meta.field === undefined ? current.field : meta.field?.trim() || null;
    const note = meta.note === undefined ? current.note : meta.note?.trim() || null;
    if (field !== current.field) {
      const fileField = await receiverFileField(tx, referral.to_establishment_id, field);
      await checkAttachmentRoom(tx, {
        referral,
        kind,
        field,
        fileField,
        excluding: current.id,
        countKind: false,
      });
      checkFitsField(current, fileField);
    }
    const [row] = await tx
      .update(referralAttachments)
      .set({ field, note })
      .where(eq(referralAttachments.id, current.id))
      .returning();
    if (!row) throw new Error('attachment update returned nothing');
    const detail = { kind, attachment_id: row.id, field };
    await recordReferralHistory(tx, {
      referralId: referral.id,
      caller: options.caller,
      action: 'attachment.update',
      from: referral.status,
      to: referral.status,
      detail,
    });
    await recordAudit(tx, options.actor, {
      action: 'referral.attachment.update',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
      detail,
    });
    return toAttachment(row, referral, side);
  });
}
