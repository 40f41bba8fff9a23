import type { FileStorage } from '../../files/storage.ts';
import type { Readable } from 'node:stream';
import type { Attachment, AttachmentKind } from '@referrals/domain/referrals/forms/attachment-schemas';
import { AttachmentMetaSchema } from '@referrals/domain/referrals/forms/attachment-schemas';
import type { Database } from '../../../db/database.ts';
import { referralAttachments } from '../../../db/schema/referrals.ts';
import { validationFailed } from '../../../http/api-errors.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { removeStoredFile, storeUpload } from '../../files/file-store.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { recordReferralHistory } from '../referral-history.ts';
import {
  checkAttachmentRoom,
  checkAttachmentWrite,
  receiverFileField,
  toAttachment,
  uploadRulesOf,
} from './attachment-rules.ts';

/** The upload's meta from its form fields; empty text means none. */
export function uploadMeta(fields: Record<string, string>) {
  const parsed = AttachmentMetaSchema.safeParse({
    field: fields.field?.trim() || null,
    note: fields.note?.trim() || null,
  });
  if (!parsed.success) throw validationFailed({ non_field_errors: ['The field or note is too long.'] });
  return parsed.data;
}

/**
 * POST referrals/{id}/{kind}-attachments/ (section 7 Attachments). Checks the side, status and limits
 * before the file is read, stores it under a generated name (type from its bytes, against
 * the form field's accept list and maxsize), then checks again under the row lock and records the row,
 * the history and the audit in one transaction. A refused upload leaves no file behind.
 */
export async function createReferralAttachment(
  db: Database,
  options: ReferralCall & {
    storage: FileStorage;
    kind: AttachmentKind;
    file: Readable;
    filename: string;
    fields: Record<string, string>;
  },
): Promise<Attachment> {
  const { kind } = options;
  const meta = uploadMeta(options.fields);
  const fileField = await inVisibleReferral(db, options, async (tx, referral, side) => {
    checkAttachmentWrite(kind, referral, side);
    const found = await receiverFileField(tx, referral.to_establishment_id, meta.field);
    await checkAttachmentRoom(tx, { referral, kind, field: meta.field, fileField: found });
    return found;
  });
  const stored = await storeUpload(options.storage, options.file, uploadRulesOf(fileField));
  try {
    return await inVisibleReferral(db, { ...options, lock: true }, async (tx, referral, side) => {
      checkAttachmentWrite(kind, referral, side);
      await checkAttachmentRoom(tx, { referral, kind, field: meta.field, fileField });
      const [row] = await tx
        .insert(referralAttachments)
        .values({
          referral_id: referral.id,
          kind,
          field: meta.field,
          note: meta.note,
          original_name: options.filename.slice(0, 255) || 'attachment',
          stored_name: stored.name,
          content_type: stored.contentType,
          size: stored.size,
          uploaded_by_id: options.caller.userId,
        })
        .returning();
      if (!row) throw new Error('attachment insert returned nothing');
      // Ids, kind and field only: a file name can name the patient, so it stays out of logs and history.
      const detail = { kind, attachment_id: row.id, field: meta.field };
      await recordReferralHistory(tx, {
        referralId: referral.id,
        caller: options.caller,
        action: 'attachment.create',
        from: referral.status,
        to: referral.status,
        detail,
      });
      await recordAudit(tx, options.actor, {
        action: 'referral.attachment.create',
        resourceType: 'referral',
        resourceId: referral.id,
        patientId: referral.patient_id,
        detail,
      });
      return toAttachment(row, referral, side);
    });
  } catch (error) {
    await removeStoredFile(options.storage, stored.name);
    throw error;
  }
}
