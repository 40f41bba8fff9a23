import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { importItemFiles } from '../../../db/schema/imports.ts';
import { notFound } from '../../../http/api-errors.ts';
import { isUuid } from '../../../http/ids.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { TIFF_TYPE } from '../../files/tiff-pages.ts';
import type { ImportCall } from './import-call.ts';
import { findVisibleImportItem, heldFile } from './import-item-queries.ts';

/** What a download of an item's file needs: its stored name, its type and the name it arrived under. */
export type ImportFileDownload = {
  stored_name: string;
  content_type: string;
  original_name: string;
  pages: number;
};

/**
 * GET import/email/{id}/files/{fileId}/ and its TIFF pages (`page`, 1-based): a file the item still
 * holds, audited as a read of the item. Another item's file, one moved to the referral the item became, a
 * page of anything but a TIFF or past its last page, is a 404.
 */
export async function readImportFile(
  db: Database,
  options: ImportCall & { fileId: string; page?: number },
): Promise<ImportFileDownload> {
  const { fileId, page } = options;
  if (!isUuid(fileId)) throw notFound();
  return db.transaction(async (tx) => {
    const item = await findVisibleImportItem(tx, options);
    const [file] = await tx
      .select()
      .from(importItemFiles)
      .where(and(eq(importItemFiles.id, fileId), eq(importItemFiles.item_id, item.id), heldFile));
    if (!file?.file) throw notFound();
    if (page !== undefined && (file.content_type !== TIFF_TYPE || page < 1 || page > file.pages)) {
      throw notFound();
    }
    await recordAudit(tx, options.actor, {
      action: 'import.file.read',
      resourceType: 'import_item',
      resourceId: item.id,
      detail: page === undefined ? { file: fileId } : { file: fileId, page },
    });
    return {
      stored_name: file.file,
      content_type: file.content_type,
      original_name: file.original_name,
      pages: file.pages,
    };
  });
}
