import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { AttachmentKind } from '@referrals/domain/referrals/forms/attachment-schemas';
import type { Queryable } from '../../../db/database.ts';
import { referralAttachments } from '../../../db/schema/referrals.ts';
import type { StoredFileCopier } from '../../files/file-store.ts';
import type { ReferralRow } from '../referral-queries.ts';

type AttachmentInsert = typeof referralAttachments.$inferInsert;
type Forms = ReferralRow['forms'];

/** Which of a referral's attachments a new referral made from it takes over, each file copied by `copy`. */
export type CarriedAttachments = { kinds: readonly AttachmentKind[]; copy: StoredFileCopier };

/**
 * The attachment rows a new referral `referralId` takes over from `source` (clone, copy, forward, renew):
 * those of `carried.kinds`, each with a new id and its own copy of the file, keeping the uploader, the
 * upload time (so the lists keep their order), the form field and the note. A file already gone from the
 * storage stays behind, as it could not be downloaded either. Also returns the source's forms with every
 * file field pointing at the copies: a form file field lists attachment ids, so an id that travelled is
 * replaced by its copy's and one that did not (another kind, or nothing travels) is dropped, a field left
 * empty becoming null as the wizard saves it.
 */
export async function attachmentCopiesOf(
  q: Queryable,
  options: { source: ReferralRow; referralId: string; carried: CarriedAttachments | undefined },
): Promise<{ rows: AttachmentInsert[]; forms: Forms }> {
  const { source, carried } = options;
  const existing = await q
    .select()
    .from(referralAttachments)
    .where(eq(referralAttachments.referral_id, source.id))
    .orderBy(asc(referralAttachments.created_at), asc(referralAttachments.id));
  const rows: AttachmentInsert[] = [];
  const copies = new Map<string, string>();
  for (const row of existing) {
    if (!carried?.kinds.includes(row.kind as AttachmentKind)) continue;
    const storedName = await carried.copy(row.stored_name);
    if (storedName === undefined) continue;
    const id = randomUUID();
    copies.set(row.id, id);
    rows.push({ ...row, id, referral_id: options.referralId, stored_name: storedName });
  }
  const sourceIds = new Set(existing.map((row) => row.id));
  return { rows, forms: formsWithCopies(source.forms, sourceIds, copies) };
}

function formsWithCopies(forms: Forms, sourceIds: Set<string>, copies: Map<string, string>): Forms {
  const isFileList = (value: unknown): value is string[] =>
    Array.isArray(value) && value.some((item) => typeof item === 'string' && sourceIds.has(item));
  return Object.fromEntries(
    Object.entries(forms).map(([form, data]) => [
      form,
      Object.fromEntries(
        Object.entries(data).map(([field, value]) => {
          if (!isFileList(value)) return [field, value];
          const ids = value.flatMap((id) => {
            const copied = copies.get(id);
            return copied ? [copied] : sourceIds.has(id) ? [] : [id];
          });
          return [field, ids.length > 0 ? ids : null];
        }),
      ),
    ]),
  );
}
