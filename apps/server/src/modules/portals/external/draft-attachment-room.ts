import { and, count, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { FormField } from '@referrals/domain/referrals/forms/form-template-schemas';
import type { Queryable } from '../../../db/database.ts';
import { externalDraftFiles } from '../../../db/schema/portals.ts';
import { checkRoomFor } from '../../referrals/attachments/attachment-rules.ts';

/**
 * Refuses one more file on a draft as a referral's referrer attachments are refused (attachment-rules.ts):
 * 20 in all, and a form field's max_files (default 1). `excluding` leaves out the file being moved to
 * `field` (PATCH), which then counts in the field only.
 */
export async function checkDraftRoom(
  q: Queryable,
  options: { draftId: string; field: string | null; fileField: FormField | undefined; excluding?: string },
): Promise<void> {
  const f = externalDraftFiles;
  const countWhere = async (condition: SQL) => {
    const [row] = await q
      .select({ n: count() })
      .from(f)
      .where(
        and(
          eq(f.draft_id, options.draftId),
          isNotNull(f.file),
          options.excluding ? ne(f.id, options.excluding) : sql`true`,
          condition,
        ),
      );
    return row?.n ?? 0;
  };
  checkRoomFor({
    kind: 'referrer',
    inKind: options.excluding ? undefined : await countWhere(sql`true`),
    field: options.field,
    inField: options.field ? await countWhere(eq(f.field, options.field)) : 0,
    fileField: options.fileField,
  });
}
