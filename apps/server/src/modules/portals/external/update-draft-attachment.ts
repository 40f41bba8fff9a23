import { eq } from 'drizzle-orm';
import type {
  ExternalDraftAttachment,
  ExternalDraftAttachmentWrite,
} from '@referrals/domain/portals/external-referral-schemas';
import type { Database } from '../../../db/database.ts';
import { externalDraftFiles } from '../../../db/schema/portals.ts';
import { checkFitsField, receiverFileField } from '../../referrals/attachments/attachment-rules.ts';
import { findDraft, type DraftCall } from './draft-access.ts';
import { checkDraftRoom } from './draft-attachment-room.ts';
import { findDraftFile, toDraftAttachment } from './draft-queries.ts';

/**
 * PATCH …/referrer-attachments/{att}/ with the draft's secret: the form field the file answers. Moving it
 * to another field checks that field's max_files, accept list and size as an upload would.
 */
export async function updateDraftAttachment(
  db: Database,
  options: { call: DraftCall; attachmentId: string; body: ExternalDraftAttachmentWrite },
): Promise<ExternalDraftAttachment> {
  return db.transaction(async (tx) => {
    const { draft } = await findDraft(tx, options.call, { lock: true });
    const current = await findDraftFile(tx, draft.id, options.attachmentId);
    const field = options.body.field || null;
    if (field !== current.field) {
      const fileField = await receiverFileField(tx, draft.establishment_id, field);
      await checkDraftRoom(tx, { draftId: draft.id, field, fileField, excluding: current.id });
      checkFitsField(current, fileField);
    }
    const [row] = await tx
      .update(externalDraftFiles)
      .set({ field })
      .where(eq(externalDraftFiles.id, current.id))
      .returning();
    if (!row) throw new Error('draft file update returned nothing');
    return toDraftAttachment(row);
  });
}
