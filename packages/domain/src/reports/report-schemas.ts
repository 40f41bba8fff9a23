import { z } from 'zod';
import { CodedValueSchema, PageQuerySchema, orderBySchema, pageOf } from '../api.ts';
import { DEFAULT_REPORT_TITLE } from '../constants.ts';
import { REQUIRED_MESSAGE } from '../field-messages.ts';
import {
  checkSubmittedRange,
  codeListParam,
  establishmentParam,
  queryFlag,
  queryText,
  searchText,
} from '../query-params.ts';
import { ReferralStatusSchema } from '../referrals/referral-codes.ts';
import { ReferralSideSchema } from '../referrals/referral-schemas.ts';
import { ReportStatusSchema } from './report-codes.ts';
import { reportListStatuses } from './report-lists.ts';

/**
 * The clinical report as the API sends and receives it (spec sections 3 Report, 7 Reports; docs/reports.md).
 * `report_body` is rich text as HTML limited to the editor's marks (paragraphs, headings, bold, italic,
 * underline, lists, quotes, links); the server keeps only those and drops everything else.
 */

/** Who a report goes to (section 3: recipients, default the referrer). */
export const REPORT_RECIPIENT_TYPES = ['referrer', 'patient'] as const;
export const ReportRecipientSchema = z.object({ type: z.enum(REPORT_RECIPIENT_TYPES) });
export type ReportRecipient = z.infer<typeof ReportRecipientSchema>;
export const DEFAULT_REPORT_RECIPIENTS: ReportRecipient[] = [{ type: 'referrer' }];

/** The title of a report left untitled: the answer to a request for advice is the advice itself. */
export function defaultReportTitle(referralType: string): string {
  return referralType === 'ADVICE_AND_GUIDANCE' ? 'Advice' : DEFAULT_REPORT_TITLE;
}

/** The two file lists of a report: the report written elsewhere (upload) and supporting files (attachments). */
export const REPORT_FILE_KINDS = ['upload', 'attachment'] as const;
export type ReportFileKind = (typeof REPORT_FILE_KINDS)[number];

export const REPORT_TITLE_MAX = 200;
export const REPORT_BODY_MAX = 100_000;

/** POST, PUT and PATCH referrals/{id}/reports/{rid}/: what the author writes. */
export const ReportWriteSchema = z.object({
  title: queryText(REPORT_TITLE_MAX).trim().optional(),
  report_body: queryText(REPORT_BODY_MAX).optional(),
  recipients: z
    .array(ReportRecipientSchema)
    .max(REPORT_RECIPIENT_TYPES.length)
    .refine((list) => new Set(list.map((r) => r.type)).size === list.length, {
      message: 'Name each recipient once.',
    })
    .refine((list) => list.some((r) => r.type === 'referrer'), {
      message: 'A report always goes to the referrer.',
    })
    .optional(),
  track_email_notification: z.boolean().optional(),
  /** A report template of the author's establishment whose body starts the report (POST only). */
  template: z.uuid().optional(),
  /** The version the writer last read (api-conventions.md Concurrency); PUT and PATCH. */
  version: z.int().optional(),
});
export type ReportWrite = z.infer<typeof ReportWriteSchema>;

/** Submit refuses a report with neither a body nor an uploaded report. */
export const REPORT_EMPTY_MESSAGE = 'Write the report or upload it before you submit.';

export const ReportFileSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_FILE_KINDS),
  /** Where to download it (the same reach as the report). */
  file: z.string(),
  original_name: z.string(),
  content_type: z.string(),
  size: z.int(),
  created_at: z.string(),
});
export type ReportFile = z.infer<typeof ReportFileSchema>;

const PersonRefSchema = z.object({ id: z.string(), name: z.string() });
const PlaceRefSchema = z.object({ id: z.string(), name: z.string() });

/** The referral a report answers, as its page and list rows show it. */
export const ReportReferralSchema = z.object({
  id: z.string(),
  status: CodedValueSchema,
  patient: z
    .object({ id: z.string(), first_name: z.string(), last_name: z.string(), dob: z.string() })
    .nullable(),
  referrer: PersonRefSchema.nullable(),
  from_establishment: PlaceRefSchema.nullable(),
  to_establishment: PlaceRefSchema.nullable(),
});

/** GET referrals/{id}/reports/{rid}/ and every report action's answer (section 3 Report). */
export const ReportSchema = z.object({
  id: z.string(),
  version: z.int(),
  referral: ReportReferralSchema,
  status: CodedValueSchema,
  title: z.string(),
  report_body: z.string(),
  recipients: z.array(ReportRecipientSchema),
  track_email_notification: z.boolean(),
  /** The signature image's address, or null. */
  signature: z.string().nullable(),
  report_uploads: z.array(ReportFileSchema),
  report_attachments: z.array(ReportFileSchema),
  author: PersonRefSchema.nullable(),
  submitted_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: PersonRefSchema.nullable(),
  /** The caller's side of the referral: receiver (writes), sender (reviews), shared (reads). */
  side: ReferralSideSchema,
  unread: z.boolean(),
  allowed_actions: z.array(z.string()),
  /** The letter of this report (GET referrals/{id}/pdf/?mode=report&report_id=). */
  pdf: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportListSchema = z.array(ReportSchema);

/** The 409 of a report action the lifecycle does not allow, naming the report's status. */
export const ReportConflictSchema = z.object({ detail: z.string(), status: CodedValueSchema.optional() });

/** A report template of an establishment (section 3: report_body and establishment). */
export const ReportTemplateSchema = z.object({
  id: z.string(),
  version: z.int(),
  establishment: z.string(),
  name: z.string(),
  report_body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReportTemplate = z.infer<typeof ReportTemplateSchema>;
export const ReportTemplatePageSchema = pageOf(ReportTemplateSchema);

export const ReportTemplateWriteSchema = z.object({
  name: queryText(100).trim().min(1, { message: REQUIRED_MESSAGE }),
  report_body: queryText(REPORT_BODY_MAX),
  version: z.int().optional(),
});
export type ReportTemplateWrite = z.infer<typeof ReportTemplateWriteSchema>;

export const REPORT_LIST_ORDER_FIELDS = ['submitted_at', 'created_at', 'updated_at'] as const;

const reportStatusList = codeListParam(ReportStatusSchema);

/** GET reports/ (section 7 Reports): `box` + `list` name a list of section 2, the rest filter it. */
export const ReportListQuerySchema = PageQuerySchema.extend({
  box: z.enum(['inbox', 'outbox']).default('inbox'),
  list: queryText(40).optional(),
  report_status: reportStatusList,
  exclude_report_status: reportStatusList,
  /** The referral's statuses to leave out (section 7 exclude_status). */
  exclude_status: codeListParam(ReferralStatusSchema),
  from_establishment: establishmentParam,
  to_establishment: establishmentParam,
  search: searchText(200),
  submitted_after: z.iso.date().optional(),
  submitted_before: z.iso.date().optional(),
  order_by: orderBySchema(REPORT_LIST_ORDER_FIELDS, '-submitted_at').optional(),
  /** Only the reports the caller wrote (outbox) or that answer the caller's referrals (inbox). */
  my_report: queryFlag,
  patient_name: searchText(100),
  referrer: searchText(100),
  receiver: searchText(100),
  patient_mrn: searchText(40),
  referral_id: searchText(40),
}).superRefine((query, ctx) => {
  if (query.list !== undefined && reportListStatuses(query.box, query.list) === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['list'],
      message: `The ${query.box} has no list "${query.list}".`,
    });
  }
  checkSubmittedRange(query, ctx);
});
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;
export type ReportListQueryInput = z.input<typeof ReportListQuerySchema>;

/** One row of a reports list. */
export const ReportListItemSchema = z.object({
  id: z.string(),
  status: CodedValueSchema,
  title: z.string(),
  referral: ReportReferralSchema,
  author: PersonRefSchema.nullable(),
  submitted_at: z.string().nullable(),
  updated_at: z.string(),
  side: z.enum(['sender', 'receiver']),
  unread: z.boolean(),
});
export type ReportListItem = z.infer<typeof ReportListItemSchema>;
export const ReportPageSchema = pageOf(ReportListItemSchema);

const CountsSchema = z.object({ count: z.int(), unread: z.int() });

/** GET reports/stats/: the reports inbox and outbox at the current establishment, and the drafts. */
export const ReportStatsSchema = z.object({
  inbox: CountsSchema,
  outbox: CountsSchema,
  drafts: z.int(),
});
export type ReportStats = z.infer<typeof ReportStatsSchema>;
