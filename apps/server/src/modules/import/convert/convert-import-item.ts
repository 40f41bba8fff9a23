import type { FileStorage } from '../../files/storage.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ImportConvert } from '@referrals/domain/referrals/manual-referral-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Queryable, Transaction } from '../../../db/database.ts';
import { importItemFiles, importItems } from '../../../db/schema/imports.ts';
import { conflict, validationFailed } from '../../../http/api-errors.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { removeStoredFile, storeBytes } from '../../files/file-store.ts';
import { TIFF_TYPE, tiffAsPdf } from '../../files/tiff-pages.ts';
import {
  checkManualReferral,
  createManualReferral,
  type ManualReferralFile,
} from '../../referrals/actions/create-manual-referral.ts';
import type { ReferralRow } from '../../referrals/referral-queries.ts';
import { checkImportAction } from '../queue/check-import-action.ts';
import { recordImportActivity } from '../queue/import-activity-rows.ts';
import type { ImportCall } from '../queue/import-call.ts';
import {
  findVisibleImportItem,
  heldFile,
  type ImportItemFileRow,
  type ImportItemRow,
} from '../queue/import-item-queries.ts';

export const NOT_THIS_ITEMS_FILE = 'Choose files this item still holds.';
export const ITEM_CHANGED = 'This item changed while it was being converted. Open it again.';

type HeldFile = ImportItemFileRow & { file: string };

/** The files the item still holds that the referral takes (all of them by default), in the item's order. */
async function chosenFiles(
  q: Queryable,
  item: ImportItemRow,
  ids: string[] | undefined,
): Promise<HeldFile[]> {
  const held = (await q
    .select()
    .from(importItemFiles)
    .where(and(eq(importItemFiles.item_id, item.id), heldFile))
    .orderBy(asc(importItemFiles.position), asc(importItemFiles.id))) as HeldFile[];
  if (ids === undefined) return held;
  const heldIds = new Set(held.map((file) => file.id));
  if (ids.some((id) => !heldIds.has(id))) throw validationFailed({ files: [NOT_THIS_ITEMS_FILE] });
  return held.filter((file) => ids.includes(file.id));
}

/**
 * A fax's TIFF as the PDF of its pages (files/tiff-pages.ts), stored for the referral: its attachments
 * stay the types every screen shows. A TIFF that cannot be read is a 400 naming it, to convert without it.
 */
async function faxAsPdf(storage: FileStorage, file: HeldFile): Promise<ManualReferralFile> {
  const pdf = await tiffAsPdf(storage, file.file).catch(() => {
    throw validationFailed({
      files: [`${file.original_name}: This fax cannot be read. Convert the item without it.`],
    });
  });
  const stored = await storeBytes(storage, pdf, { type: 'application/pdf', extension: 'pdf' });
  return { stored, originalName: `${file.original_name.replace(/\.tiff?$/i, '')}.pdf` };
}

/**
 * The referral's files: the item's own, which move to the referral in its transaction (the referral's
 * attachment row takes the stored file and the item's row lets go of it), and a fax's TIFF as a PDF
 * stored for it. A PDF made here is removed again when a later one fails.
 */
async function referralFiles(storage: FileStorage, chosen: HeldFile[]): Promise<ManualReferralFile[]> {
  const files: ManualReferralFile[] = [];
  try {
    for (const file of chosen) {
      files.push(
        file.content_type === TIFF_TYPE
          ? await faxAsPdf(storage, file)
          : {
              stored: { name: file.file, contentType: file.content_type, size: file.size },
              originalName: file.original_name,
              fromImportItem: true,
            },
      );
    }
    return files;
  } catch (error) {
    for (const file of files) if (!file.fromImportItem) await removeStoredFile(storage, file.stored.name);
    throw error;
  }
}

/**
 * Locks the item (FOR UPDATE) in the referral's transaction and checks again what was read before it:
 * the lifecycle allows converting it (else the 409 of IMPORT_ACTION_NOT_ALLOWED), and the chosen files are
 * still the item's under the same stored names. Of two conversions at once, the second waits here for the
 * first to commit and is then refused: one referral.
 */
async function claimItem(tx: Transaction, call: ImportCall, kind: string, chosen: HeldFile[]) {
  const item = await findVisibleImportItem(tx, { ...call, kind }, { lock: true });
  checkImportAction('convert', item);
  const ids = chosen.map((file) => file.id);
  const now =
    ids.length === 0
      ? []
      : await tx
          .select({ id: importItemFiles.id, file: importItemFiles.file })
          .from(importItemFiles)
          .where(and(eq(importItemFiles.item_id, item.id), inArray(importItemFiles.id, ids)));
  const unchanged = chosen.every((file) => now.some((row) => row.id === file.id && row.file === file.file));
  if (!unchanged) throw conflict(ITEM_CHANGED);
  return item;
}

/** The item converted into `referral`: its status and link, its files let go, its activity and audit rows. */
async function markConverted(
  tx: Transaction,
  options: { call: ImportCall; item: ImportItemRow; referral: ReferralRow; chosen: HeldFile[] },
) {
  const { call, item, referral, chosen } = options;
  const status = checkImportAction('convert', item);
  await tx
    .update(importItems)
    .set({
      status,
      referral_id: referral.id,
      updated_at: new Date(),
      version: sql`${importItems.version} + 1`,
    })
    .where(eq(importItems.id, item.id));
  const ids = chosen.map((file) => file.id);
  if (ids.length > 0) {
    await tx.update(importItemFiles).set({ file: null }).where(inArray(importItemFiles.id, ids));
  }
  await recordImportActivity(tx, {
    item,
    action: 'converted',
    actorId: call.caller.userId,
    detail: { referral_id: referral.id },
  });
  await recordAudit(tx, call.actor, {
    action: 'import.convert',
    resourceType: 'import_item',
    resourceId: item.id,
    patientId: referral.patient_id,
    detail: { from: item.status, to: status, referral_id: referral.id, files: ids },
  });
}

/**
 * POST import/{kind}/{id}/convert/ (docs/import-queue.md, MANUAL referrals): the item becomes a MANUAL
 * referral of its establishment with the chosen files (all it holds by default), through
 * createManualReferral, in whose transaction the item is claimed (locked, checked) and marked converted.
 * What can be refused is checked first (404, 409, 400), and a fax's pages made into a PDF, outside any
 * transaction; the TIFF itself, no longer named by any row once the referral is committed, is then removed.
 */
export async function convertImportItem(
  db: Database,
  options: { call: ImportCall; kind: string; body: ImportConvert; storage: FileStorage },
): Promise<Referral> {
  const { call, kind, storage } = options;
  const { files: fileIds, ...body } = options.body;
  const item = await findVisibleImportItem(db, { ...call, kind });
  checkImportAction('convert', item);
  checkManualReferral(call.caller, body);
  const chosen = await chosenFiles(db, item, fileIds);
  let claimed = item;
  const referral = await createManualReferral(db, {
    caller: call.caller,
    actor: call.actor,
    storage,
    body,
    files: await referralFiles(storage, chosen),
    importItem: {
      id: item.id,
      claim: async (tx) => {
        claimed = await claimItem(tx, call, kind, chosen);
      },
      complete: (tx, row) => markConverted(tx, { call, item: claimed, referral: row, chosen }),
    },
  });
  for (const file of chosen) if (file.content_type === TIFF_TYPE) await removeStoredFile(storage, file.file);
  return referral;
}
