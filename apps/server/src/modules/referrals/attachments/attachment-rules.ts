import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Attachment, AttachmentKind } from '@referrals/domain/referrals/forms/attachment-schemas';
import {
  attachmentLimitOf,
  attachmentWriteRefusal,
} from '@referrals/domain/referrals/forms/attachment-schemas';
import {
  acceptedAttachmentTypes,
  DEFAULT_ATTACHMENT_ACCEPT_TEXT,
} from '@referrals/domain/referrals/forms/attachment-types';
import {
  formFieldNamed,
  FormSectionSchema,
  maxFilesOf,
  maxSizeOf,
  type FormField,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import { REFERRAL_STATUSES, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import { z } from 'zod';
import type { Queryable } from '../../../db/database.ts';
import { formTemplates, referralAttachments } from '../../../db/schema/referrals.ts';
import { conflict, permissionDenied, validationFailed } from '../../../http/api-errors.ts';
import type { ReferralRow } from '../referral-queries.ts';

export type AttachmentRow = typeof referralAttachments.$inferSelect;

export const REFERRER_ATTACHMENTS_DRAFT_ONLY =
  'Referrer attachments can only be changed while the referral is a draft.';
export const SUPPLEMENTARY_AFTER_SUBMIT =
  'Supplementary attachments can be added once the referral has been submitted.';

/** Who may change which list (the domain's rule): the wrong side is a 403, the wrong status a 409. */
export function checkAttachmentWrite(
  kind: AttachmentKind,
  referral: ReferralRow,
  side: ReferralSideOfCaller,
) {
  const refusal = attachmentWriteRefusal(kind, side, referral.status);
  if (refusal === 'side') throw permissionDenied();
  if (refusal === 'status') {
    throw statusConflict(
      kind === 'referrer' ? REFERRER_ATTACHMENTS_DRAFT_ONLY : SUPPLEMENTARY_AFTER_SUBMIT,
      referral,
    );
  }
}

function statusConflict(message: string, referral: ReferralRow) {
  const status = referral.status as ReferralStatus;
  return conflict(message, { value: status, display: REFERRAL_STATUSES[status] });
}

/** Whether the caller's side may change attachments of this kind now, for `access`. */
export function mayWriteAttachment(kind: AttachmentKind, referral: ReferralRow, side: ReferralSideOfCaller) {
  try {
    checkAttachmentWrite(kind, referral, side);
    return true;
  } catch {
    return false;
  }
}

/**
 * The receiver's form field an attachment belongs to: the first active template (in position order) of
 * the receiving establishment that has a field of that name; undefined when none has (defaults apply).
 */
export async function receiverFileField(
  q: Queryable,
  referral: ReferralRow,
  field: string | null,
): Promise<FormField | undefined> {
  if (!field || !referral.to_establishment_id) return undefined;
  const templates = await q
    .select({ sections: formTemplates.sections })
    .from(formTemplates)
    .where(
      and(
        eq(formTemplates.establishment_id, referral.to_establishment_id),
        eq(formTemplates.is_active, true),
      ),
    )
    .orderBy(asc(formTemplates.position));
  for (const template of templates) {
    const parsed = z.array(FormSectionSchema).safeParse(template.sections);
    if (!parsed.success) continue;
    const found = formFieldNamed({ sections: parsed.data }, field);
    if (found) return found;
  }
  return undefined;
}

/** What an upload into `field` may be: its accept list and largest size (section 3 file fields). */
export function uploadRulesOf(field: FormField | undefined) {
  const accept = acceptedAttachmentTypes(field?.accept);
  return {
    accept,
    acceptText: field?.accept?.length
      ? `Accepted: ${field.accept.join(', ')}.`
      : DEFAULT_ATTACHMENT_ACCEPT_TEXT,
    maxBytes: maxSizeOf(field ?? {}),
  };
}

/**
 * Refuses one more attachment of `kind` (section 9: 20 per list, 5 supplementary) or one more file in
 * `field` than its max_files (default 1). `excluding` leaves out the attachment being moved (PATCH).
 */
export async function checkAttachmentRoom(
  q: Queryable,
  options: {
    referral: ReferralRow;
    kind: AttachmentKind;
    field: string | null;
    fileField: FormField | undefined;
    excluding?: string;
    countKind?: boolean;
  },
): Promise<void> {
  const { referral, kind } = options;
  const notThis = options.excluding ? sql`${referralAttachments.id} <> ${options.excluding}` : sql`true`;
  if (options.countKind !== false) {
    const [row] = await q
      .select({ n: count() })
      .from(referralAttachments)
      .where(
        and(eq(referralAttachments.referral_id, referral.id), eq(referralAttachments.kind, kind), notThis),
      );
    const limit = attachmentLimitOf(kind);
    if ((row?.n ?? 0) >= limit) {
      throw validationFailed({
        non_field_errors: [`A referral can have at most ${String(limit)} ${kind} attachments.`],
      });
    }
  }
  if (options.field) {
    const [row] = await q
      .select({ n: count() })
      .from(referralAttachments)
      .where(
        and(
          eq(referralAttachments.referral_id, referral.id),
          eq(referralAttachments.field, options.field),
          notThis,
        ),
      );
    const max = maxFilesOf(options.fileField ?? {});
    if ((row?.n ?? 0) >= max) {
      throw validationFailed({
        file: [`This field takes at most ${String(max)} ${max === 1 ? 'file' : 'files'}.`],
      });
    }
  }
}

export function attachmentUrl(referralId: string, kind: AttachmentKind, id: string): string {
  return `/api/referrals/${referralId}/${kind}-attachments/${id}/`;
}

/** The API shape of an attachment row (section 3 Attachment). */
export function toAttachment(
  row: AttachmentRow,
  referral: ReferralRow,
  side: ReferralSideOfCaller,
): Attachment {
  const kind = row.kind as AttachmentKind;
  return {
    id: row.id,
    kind,
    file: `${attachmentUrl(referral.id, kind, row.id)}file/`,
    meta: { field: row.field, note: row.note },
    original_name: row.original_name,
    content_type: row.content_type,
    size: row.size,
    access: mayWriteAttachment(kind, referral, side) ? 'write' : 'read',
    uploaded_by: row.uploaded_by_id,
    created_at: row.created_at.toISOString(),
  };
}

/** The attachment rows of a referral whose form field is one of `fields`. */
export async function attachmentsInFields(q: Queryable, referralId: string, fields: string[]) {
  if (fields.length === 0) return [];
  return q
    .select()
    .from(referralAttachments)
    .where(and(eq(referralAttachments.referral_id, referralId), inArray(referralAttachments.field, fields)));
}
