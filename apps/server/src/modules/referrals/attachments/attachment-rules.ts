import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Attachment, AttachmentKind } from '@referrals/domain/referrals/forms/attachment-schemas';
import {
  attachmentLimitOf,
  attachmentWriteRefusal,
} from '@referrals/domain/referrals/forms/attachment-schemas';
import {
  acceptedAttachmentTypes,
  ATTACHMENT_SNIFF_BYTES,
  DEFAULT_ATTACHMENT_ACCEPT_TEXT,
  sniffAttachmentType,
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
 * the receiving establishment (a referral's, or a public portal's) that has a field of that name;
 * undefined when none has (defaults apply).
 */
export async function receiverFileField(
  q: Queryable,
  receiverId: string | null,
  field: string | null,
): Promise<FormField | undefined> {
  if (!field || !receiverId) return undefined;
  const templates = await q
    .select({ sections: formTemplates.sections })
    .from(formTemplates)
    .where(and(eq(formTemplates.establishment_id, receiverId), eq(formTemplates.is_active, true)))
    .orderBy(asc(formTemplates.position));
  for (const template of templates) {
    const parsed = z.array(FormSectionSchema).safeParse(template.sections);
    if (!parsed.success) continue;
    const found = formFieldNamed({ sections: parsed.data }, field);
    if (found) return found;
  }
  return undefined;
}

/**
 * What an upload into `field` may be: its accept list and largest size (section 3 file fields), with the
 * attachments' own reading of the type from the bytes: storeUpload's options.
 */
export function uploadRulesOf(field: FormField | undefined) {
  const accept = acceptedAttachmentTypes(field?.accept);
  return {
    accept,
    acceptText: field?.accept?.length
      ? `Accepted: ${field.accept.join(', ')}.`
      : DEFAULT_ATTACHMENT_ACCEPT_TEXT,
    maxBytes: maxSizeOf(field ?? {}),
    sniff: sniffAttachmentType,
    sniffBytes: ATTACHMENT_SNIFF_BYTES,
  };
}

/** A stored file moved to another form field must fit it as an upload would: its accept list and size. */
export function checkFitsField(file: { content_type: string; size: number }, field: FormField | undefined) {
  const rules = uploadRulesOf(field);
  if (!rules.accept.includes(file.content_type) || file.size > rules.maxBytes) {
    throw validationFailed({ file: [`This file does not fit that field. ${rules.acceptText}`] });
  }
}

/**
 * Refuses one more attachment when its list already holds `inKind` of its kind's limit (section 9: 20, 5
 * supplementary; not checked when undefined), or `field` already holds `inField` of its max_files
 * (default 1): the counts of a referral's attachments or of a portal draft's.
 */
export function checkRoomFor(options: {
  kind: AttachmentKind;
  inKind?: number;
  field: string | null;
  inField: number;
  fileField: FormField | undefined;
}): void {
  const { kind, inKind } = options;
  const limit = attachmentLimitOf(kind);
  if (inKind !== undefined && inKind >= limit) {
    throw validationFailed({
      non_field_errors: [`A referral can have at most ${String(limit)} ${kind} attachments.`],
    });
  }
  const max = maxFilesOf(options.fileField ?? {});
  if (options.field && options.inField >= max) {
    throw validationFailed({
      file: [`This field takes at most ${String(max)} ${max === 1 ? 'file' : 'files'}.`],
    });
  }
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
  const countWhere = async (condition: SQL) => {
    const [row] = await q
      .select({ n: count() })
      .from(referralAttachments)
      .where(and(eq(referralAttachments.referral_id, referral.id), condition, notThis));
    return row?.n ?? 0;
  };
  checkRoomFor({
    ...options,
    inKind: options.countKind === false ? undefined : await countWhere(eq(referralAttachments.kind, kind)),
    inField: options.field ? await countWhere(eq(referralAttachments.field, options.field)) : 0,
  });
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
