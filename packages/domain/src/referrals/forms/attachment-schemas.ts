import { z } from 'zod';
import { REFERRAL_ATTACHMENT_LIMIT, SUPPLEMENTARY_ATTACHMENT_LIMIT } from '../../constants.ts';
import { pageOf } from '../../api.ts';

/**
 * The attachment lists of a referral (section 7: referrer-, receiver-, reschedule-, supplementary-), and
 * `patient`: the files that came back through an access link from someone without an account (the patient's
 * own, section 7 public/referrals/patient-attachments/, and the signed consent form; docs/external-access.md).
 */
export const ATTACHMENT_KINDS = ['referrer', 'receiver', 'reschedule', 'supplementary', 'patient'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** Most attachments of one kind on a referral (section 9: 20, supplementary 5). */
export function attachmentLimitOf(kind: AttachmentKind): number {
  return kind === 'supplementary' ? SUPPLEMENTARY_ATTACHMENT_LIMIT : REFERRAL_ATTACHMENT_LIMIT;
}

/**
 * Why a side may not change a list of attachments at a status, or null when it may (section 7
 * Attachments): referrer attachments are the sender's while the referral is a draft, supplementary ones the
 * sender's once submitted, receiver and reschedule ones the receiver's. A shared-with reader changes none,
 * and nobody in the app changes the patient's: they are what the patient sent.
 */
export function attachmentWriteRefusal(
  kind: AttachmentKind,
  side: 'sender' | 'receiver' | 'shared',
  status: string,
): 'side' | 'status' | null {
  if (kind === 'patient') return 'side';
  const senders = kind === 'referrer' || kind === 'supplementary';
  if (side !== (senders ? 'sender' : 'receiver')) return 'side';
  const isDraft = status === 'DRFT';
  if (kind === 'referrer' && !isDraft) return 'status';
  if (kind === 'supplementary' && isDraft) return 'status';
  return null;
}

export const AttachmentMetaSchema = z.object({
  /** The form field the file belongs to, or null for a file outside any form. */
  field: z.string().max(200).nullable(),
  note: z.string().max(2000).nullable(),
});
export type AttachmentMeta = z.infer<typeof AttachmentMetaSchema>;

/** One attachment (section 3 Attachment: id, file, meta, original_name, access). */
export const AttachmentSchema = z.object({
  id: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  /** Where to download the file (same visibility check as the attachment itself). */
  file: z.string(),
  meta: AttachmentMetaSchema,
  original_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** What the caller may do with it: `write` (change, delete) or `read`. */
  access: z.enum(['read', 'write']),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const AttachmentPageSchema = pageOf(AttachmentSchema);

/** PATCH: the meta to change; fields left out stay as they are. */
export const AttachmentMetaUpdateSchema = z.object({ meta: AttachmentMetaSchema.partial() });
export type AttachmentMetaUpdate = z.infer<typeof AttachmentMetaUpdateSchema>;

/** The upload form: `file` plus the meta as the form fields `field` and `note`, sent before the file. */
export const AttachmentUploadSchema = z.object({
  file: z.string().meta({ format: 'binary' }),
  field: z.string().optional(),
  note: z.string().optional(),
});

/**
 * A file name safe to put in Content-Disposition: no path, no quotes, backslashes or control characters,
 * ASCII only in `filename` (the full name goes in `filename*`), at most 150 characters.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters would let a name break out of the header line.
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\u0000-\u001f\u007f"\\;]/g;
  const cleaned = base.replace(unsafe, '').trim().slice(0, 150);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'attachment' : cleaned;
}
