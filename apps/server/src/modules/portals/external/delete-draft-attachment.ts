import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { externalDraftFiles } from '../../../db/schema/portals.ts';
import { removeStoredFile } from '../../files/file-store.ts';
import { findDraft, type DraftCall } from './draft-access.ts';
import { findDraftFile } from './draft-queries.ts';
import type { FileStorage } from '../../files/storage.ts';

/**
 * DELETE …/referrer-attachments/{att}/ with the draft's secret: the row, then the stored file once the
 * delete has committed (a failed commit must not lose a file a row still names).
 */
export async function deleteDraftAttachment(
  db: Database,
  options: { call: DraftCall; storage: FileStorage; attachmentId: string },
): Promise<void> {
  const stored = await db.transaction(async (tx) => {
    const { draft } = await findDraft(tx, options.call, { lock: true });
    const current = await findDraftFile(tx, draft.id, options.attachmentId);
    await tx.delete(externalDraftFiles).where(eq(externalDraftFiles.id, current.id));
    return current.file;
  });
  await removeStoredFile(options.storage, stored);
}
