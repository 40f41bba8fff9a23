import type { Readable } from 'node:stream';
import type { ExternalDraftAttachment } from '@referrals/domain/portals/external-referral-schemas';
import type { Database } from '../../../db/database.ts';
import { externalDraftFiles } from '../../../db/schema/portals.ts';
import { removeStoredFile, storeUpload } from '../../files/file-store.ts';
import { receiverFileField, uploadRulesOf } from '../../referrals/attachments/attachment-rules.ts';
import { uploadMeta } from '../../referrals/attachments/create-referral-attachment.ts';
import { findDraft, type DraftCall } from './draft-access.ts';
import { checkDraftRoom } from './draft-attachment-room.ts';
import { toDraftAttachment } from './draft-queries.ts';
import type { FileStorage } from '../../files/storage.ts';

/**
 * POST public/establishments/{id}/referrals/{ref}/referrer-attachments/ with the draft's secret: a file
 * for the referral, under the referral attachments' rules (attachment-rules.ts). The draft and the room
 * (20 files, the field's max_files) are checked before the file is read; it is then stored
 * under a generated name, its type read from its bytes against the receiver's form field's accept list (or
 * the default one) and refused past 5 MB (413); the room is checked again with the draft held, and the row
 * written. A refused upload leaves no file behind. No audit row: the draft is no record yet.
 */
export async function createDraftAttachment(
  db: Database,
  options: {
    call: DraftCall;
    storage: FileStorage;
    file: Readable;
    filename: string;
    fields: Record<string, string>;
  },
): Promise<ExternalDraftAttachment> {
  const { call } = options;
  const { field } = uploadMeta(options.fields);
  const fileField = await db.transaction(async (tx) => {
    const { draft } = await findDraft(tx, call);
    const found = await receiverFileField(tx, draft.establishment_id, field);
    await checkDraftRoom(tx, { draftId: draft.id, field, fileField: found });
    return found;
  });
  const stored = await storeUpload(options.storage, options.file, uploadRulesOf(fileField));
  try {
    return await db.transaction(async (tx) => {
      const { draft } = await findDraft(tx, call, { lock: true });
      await checkDraftRoom(tx, { draftId: draft.id, field, fileField });
      const [row] = await tx
        .insert(externalDraftFiles)
        .values({
          draft_id: draft.id,
          file: stored.name,
          original_name: options.filename.slice(0, 255) || 'attachment',
          content_type: stored.contentType,
          size: stored.size,
          field,
        })
        .returning();
      if (!row) throw new Error('draft file insert returned nothing');
      return toDraftAttachment(row);
    });
  } catch (error) {
    await removeStoredFile(options.storage, stored.name);
    throw error;
  }
}
