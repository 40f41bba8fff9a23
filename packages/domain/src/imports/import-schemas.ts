import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../api.ts';
import { SexSchema } from '../patients/patient-codes.ts';
import { TitleSchema } from '../people/people-codes.ts';
import { trimmedText } from '../text-fields.ts';
import {
  ImportDismissReasonSchema,
  ImportKindSchema,
  importActivityActions,
  importItemStatuses,
  importKinds,
} from './import-codes.ts';

/**
 * The import queue as the API sends and receives it (spec section 7 Import: `GET import/email/`,
 * `GET import/activity/`, `PATCH import/{kind}/{id}/`; docs/import-queue.md).
 */

const PersonSchema = z.object({ id: z.string(), name: z.string() });

/** One attachment of an item: a PDF, an image, or a fax's TIFF with its page count. */
export const ImportFileSchema = z.object({
  id: z.string(),
  original_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** Pages to show: a TIFF's frames (each served as a PNG), 1 for anything else. */
  pages: z.number().int().min(1),
});
export type ImportFile = z.infer<typeof ImportFileSchema>;

export const ImportItemSummarySchema = z.object({
  id: z.string(),
  kind: importKinds.codedSchema,
  status: importItemStatuses.codedSchema,
  /** The envelope sender's address and the From header's name, as received. */
  sender: z.string(),
  sender_name: z.string().nullable(),
  subject: z.string(),
  received_at: z.string(),
  /** No one at the establishment has opened it yet. */
  unread: z.boolean(),
  assignee: PersonSchema.nullable(),
  file_count: z.number().int(),
  /** The MANUAL referral it became. */
  referral: z.object({ id: z.string() }).nullable(),
});
export type ImportItemSummary = z.infer<typeof ImportItemSummarySchema>;

const text = z.string().nullable();

/**
 * What an HL7 v2 REF^I12 said of the referral (docs/interop.md, HL7 v2, Receiving): the patient (PID), the
 * referrer (the PRD of role RP) and the sender's reference (RF1), kept with the item so the staff converting
 * it need not retype them. An email or a fax has none.
 */
export const ImportMessageDetailsSchema = z.object({
  patient: z.object({
    /** Our title code when the message's title is one we know ("Dr" is DR), else null. */
    title: TitleSchema.nullable(),
    first_name: z.string(),
    last_name: z.string(),
    /** YYYY-MM-DD. */
    dob: z.string(),
    sex: SexSchema.nullable(),
    ihi: text,
    medicare_number: text,
    medicare_ref_num: text,
    dva_number: text,
    /** Each MR identifier with the facility that assigned it, as the message named it. */
    mrns: z.array(z.object({ number: z.string(), facility: text })),
    phone: text,
    email: text,
    address1: text,
    address2: text,
    city: text,
    state: text,
    postcode: text,
  }),
  referrer: z.object({
    title: TitleSchema.nullable(),
    first_name: text,
    last_name: z.string(),
    provider_number: text,
    practice_name: text,
    phone: text,
  }),
  referral: z.object({
    /** RF1-6: the sender's own id for the referral. */
    sender_reference: text,
    /** RF1-10's text: why the patient is referred. */
    reason: text,
    /** RF1-2's code (HL7 table 0280: S, A, R). */
    priority: text,
    /** MSH-7: when the sender made the message, as an instant. */
    sent_at: text,
  }),
});
export type ImportMessageDetails = z.infer<typeof ImportMessageDetailsSchema>;

export const ImportItemSchema = ImportItemSummarySchema.extend({
  /** The referral as a structured message (kind hl7) gave it; null for an email or a fax. */
  message_details: ImportMessageDetailsSchema.nullable(),
  /** The message's text, kept IMPORT_BODY_RETENTION_DAYS days; null afterwards or when it had none. */
  body_text: z.string().nullable(),
  files: z.array(ImportFileSchema),
  dismissed_reason: z.object({ value: ImportDismissReasonSchema, display: z.string() }).nullable(),
  other_dismissed_reason: z.string().nullable(),
});
export type ImportItem = z.infer<typeof ImportItemSchema>;

export const ImportListStatusSchema = z.enum(['new', 'dismissed', 'converted', 'all']);
export type ImportListStatus = z.infer<typeof ImportListStatusSchema>;

export const ImportListQuerySchema = PageQuerySchema.extend({
  status: ImportListStatusSchema.default('new'),
  /** 'me' for the caller's own. */
  assignee: z.union([z.literal('me'), z.uuid({ message: 'Must be a valid id.' })]).optional(),
});
export type ImportListQuery = z.infer<typeof ImportListQuerySchema>;
export type ImportListQueryInput = z.input<typeof ImportListQuerySchema>;

export const ImportItemPageSchema = pageOf(ImportItemSummarySchema).extend({
  /** New items no one has opened yet, whatever the page's filter: the navigation's count. */
  unread_count: z.number().int(),
});
export type ImportItemPage = z.infer<typeof ImportItemPageSchema>;

/** PATCH import/{kind}/{id}/: one action of the lifecycle table (import-lifecycle.ts). */
export const ImportItemUpdateSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('assign'), assignee: z.uuid({ message: 'Must be a valid id.' }).nullable() }),
  z.object({
    action: z.literal('dismiss'),
    dismissed_reason: ImportDismissReasonSchema,
    /** Required when the reason is 'other'. */
    other_dismissed_reason: trimmedText(500).optional(),
  }),
  z.object({ action: z.literal('restore') }),
  z.object({ action: z.literal('read') }),
  z.object({ action: z.literal('unread') }),
]);
export type ImportItemUpdate = z.infer<typeof ImportItemUpdateSchema>;

export const ImportActivitySchema = z.object({
  id: z.string(),
  item: z.object({ id: z.string(), kind: ImportKindSchema, subject: z.string() }),
  action: importActivityActions.codedSchema,
  /** Null for what the intake did itself (received). */
  actor: PersonSchema.nullable(),
  /** The action's particulars: the assignee's name, the dismiss reason, the referral's id. */
  detail: z.record(z.string(), z.string()),
  occurred_at: z.string(),
});
export type ImportActivity = z.infer<typeof ImportActivitySchema>;

export const ImportActivityQuerySchema = PageQuerySchema.extend({
  item: z.uuid({ message: 'Must be a valid id.' }).optional(),
});
export type ImportActivityQuery = z.infer<typeof ImportActivityQuerySchema>;
export const ImportActivityPageSchema = pageOf(ImportActivitySchema);

/**
 * POST import/hl7/: the item an uploaded HL7 REF^I12 became (201), or the one the same message made
 * before (200, created false).
 */
export const ImportHl7UploadSchema = z.object({ id: z.string(), created: z.boolean() });
export type ImportHl7Upload = z.infer<typeof ImportHl7UploadSchema>;
