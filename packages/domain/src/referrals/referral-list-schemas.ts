import { z } from 'zod';
import { CodedValueSchema, PageQuerySchema, orderBySchema, pageOf } from '../api.ts';
import {
  checkSubmittedRange,
  codeListParam,
  establishmentParam,
  queryFlag,
  queryText,
  searchText,
} from '../query-params.ts';
import {
  ReferralStatusSchema,
  ReferralTypeSchema,
  TriageCategorySchema,
  type ReferralStatus,
} from './referral-codes.ts';
import { ReferralConditionFilterSchema } from './referral-dashboard.ts';
import { referralListFilter, type ReferralBox } from './referral-lists.ts';
import { REFERRAL_TAG_MAX_LENGTH } from './referral-annotation-schemas.ts';
import { ReferralSideSchema } from './referral-schemas.ts';

/**
 * GET referrals/ and its companions (spec section 7 Referrals: the list parameters, Stats,
 * dashboard/recall; section 2 List types). The list item is lighter than the detail (ReferralSchema): what
 * a row of the inbox, outbox, archive or trash shows, plus the derived conditions for its badges.
 */

const text = queryText;
const flag = queryFlag;
const statusList = codeListParam(ReferralStatusSchema);

/**
 * `my_tags`: `true` for the referrals the caller tagged, or a comma list (or repeats) of tag labels: those
 * carrying any of them among the caller's establishment's tags, whatever the case. Absent or `false`: no
 * filter. A tag labelled "true" or "false" cannot be asked for by label.
 */
const tagFilter = z
  .union([text(1100), z.array(text(1100)).max(20)])
  .optional()
  .transform((value) =>
    (value === undefined ? [] : typeof value === 'string' ? [value] : value)
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .pipe(
    z
      .array(
        z.string().max(REFERRAL_TAG_MAX_LENGTH, `A tag has at most ${REFERRAL_TAG_MAX_LENGTH} characters.`),
      )
      .max(20, 'Give at most 20 tags.'),
  )
  .transform((parts): ReferralTagFilter | null => {
    if (parts.length === 0 || (parts.length === 1 && parts[0] === 'false')) return null;
    if (parts.length === 1 && parts[0] === 'true') return { taggedBy: 'me' };
    return { labels: [...new Set(parts.map((part) => part.toLowerCase()))] };
  });

/** What `my_tags` asks for: what the caller tagged, or any of these labels (lower-cased) of their establishment. */
export type ReferralTagFilter = { taggedBy: 'me' } | { labels: string[] };

/** The orderings a referral list offers; each but patient_name walks an index (bench/referral-lists.ts). */
export const REFERRAL_LIST_ORDER_FIELDS = [
  'submitted_at',
  'created_at',
  'updated_at',
  'appointment_date',
  'patient_name',
] as const;
export type ReferralListOrderField = (typeof REFERRAL_LIST_ORDER_FIELDS)[number];

/**
 * GET referrals/ query (section 7). `box` + `list` name a list of section 2 (`box=inbox&list=new`); the
 * spec's `to_establishment` / `from_establishment` / `within_establishment` name the side the same way.
 */
export const ReferralListQuerySchema = PageQuerySchema.extend({
  box: z.enum(['inbox', 'outbox']).optional(),
  list: text(40).optional(),
  status: statusList,
  exclude_status: statusList,
  archived: flag,
  deleted: flag,
  shared: flag,
  within_establishment: establishmentParam,
  to_establishment: establishmentParam,
  from_establishment: establishmentParam,
  search: searchText(200),
  my_referral: flag,
  my_tags: tagFilter,
  submitted_after: z.iso.date().optional(),
  submitted_before: z.iso.date().optional(),
  order_by: orderBySchema(REFERRAL_LIST_ORDER_FIELDS, '-submitted_at').optional(),
  case_conference_status: z.enum(['active', 'closed']).optional(),
  patient_name: searchText(100),
  referrer: searchText(100),
  receiver: searchText(100),
  patient_mrn: searchText(40),
  referral_id: searchText(40),
  /** Narrows to a derived condition (referral-dashboard.ts), as the dashboard's links do. */
  condition: ReferralConditionFilterSchema.optional(),
  triage_category: TriageCategorySchema.optional(),
  /** `true`: each item carries `pdf`, the address of its letter (docs/referrals.md, Lists). */
  pdf: flag,
}).superRefine((query, ctx) => {
  if (query.list !== undefined) {
    if (query.box === undefined) {
      ctx.addIssue({ code: 'custom', path: ['box'], message: 'Choose inbox or outbox for a list.' });
    } else if (referralListFilter(query.box, query.list) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['list'],
        message: `The ${query.box} has no list "${query.list}".`,
      });
    }
  }
  const sides = [query.to_establishment, query.from_establishment, query.within_establishment].filter(
    (value) => value !== undefined && value !== 'false',
  );
  if (sides.length > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['non_field_errors'],
      message: 'Give one of within_establishment, to_establishment and from_establishment.',
    });
  }
  checkSubmittedRange(query, ctx);
});
export type ReferralListQuery = z.infer<typeof ReferralListQuerySchema>;
export type ReferralListQueryInput = z.input<typeof ReferralListQuerySchema>;

const PersonRefSchema = z.object({ id: z.string(), name: z.string() });
const PlaceRefSchema = z.object({ id: z.string(), name: z.string() });

/** One row of a referral list (section 2 lists, section 3 Referral), for the caller's side. */
export const ReferralListItemSchema = z.object({
  id: z.string(),
  status: CodedValueSchema,
  type: ReferralTypeSchema,
  patient: z
    .object({
      id: z.string(),
      title: z.string().nullable(),
      first_name: z.string(),
      last_name: z.string(),
      dob: z.string(),
    })
    .nullable(),
  referrer: PersonRefSchema.nullable(),
  from_establishment: PlaceRefSchema.nullable(),
  /**
   * Who a MANUAL referral is from, outside the product (it has no `referrer` or `from_establishment`): the
   * name and practice its receiver recorded. Null for every other referral.
   */
  manual_referrer: z.object({ name: z.string(), practice_name: z.string().nullable() }).nullable().optional(),
  to_establishment: PlaceRefSchema.nullable(),
  assignee: PersonRefSchema.nullable(),
  submitted_at: z.string().nullable(),
  appointment_date: z.string().nullable(),
  triage_category: z.string().nullable(),
  /** The caller's side, and whether that side has it unread, archived, in the trash. */
  side: ReferralSideSchema,
  unread: z.boolean(),
  is_archived: z.boolean(),
  is_deleted: z.boolean(),
  /** The derived conditions of referral-lifecycle.md at the time of the call. */
  pending_action: z.boolean(),
  due_for_renewal: z.boolean(),
  appointment_due: z.boolean(),
  overdue_for_appointment: z.boolean(),
  /** With `pdf=true`: where its letter is (GET referrals/{id}/pdf/). */
  pdf: z.string().optional(),
});
export type ReferralListItem = z.infer<typeof ReferralListItemSchema>;

export const ReferralPageSchema = pageOf(ReferralListItemSchema);

/** GET referrals/stats/ query: the nav counters' filters (section 7 Stats). */
export const ReferralStatsQuerySchema = z.object({
  status: statusList,
  exclude_status: statusList,
  archived: flag,
  deleted: flag,
  within_establishment: establishmentParam,
});
export type ReferralStatsQuery = z.infer<typeof ReferralStatsQuerySchema>;

const CountsSchema = z.object({ count: z.int(), unread: z.int() });

/** Totals and unread of the inbox and the outbox at the current establishment. */
export const ReferralStatsSchema = z.object({ inbox: CountsSchema, outbox: CountsSchema });
export type ReferralStats = z.infer<typeof ReferralStatsSchema>;

/** Unread inbox referrals per establishment the caller may switch to (section 7 Stats, polled every 20 s). */
export const EstablishmentUnreadStatsSchema = z.array(
  z.object({
    establishment: PlaceRefSchema,
    receiver_unread: z.object({ submitted: z.int(), viewed: z.int(), accepted: z.int() }),
  }),
);
export type EstablishmentUnreadStats = z.infer<typeof EstablishmentUnreadStatsSchema>;

/** The statuses each per-establishment unread counter counts (the selector's New, Under Review, Accepted). */
export const UNREAD_COUNTER_STATUSES = {
  submitted: ['SBMT', 'UPDT'],
  viewed: ['VWD'],
  accepted: ['ACPT'],
} as const satisfies Record<string, readonly ReferralStatus[]>;

/** The box a list query asks for, from `box` or the side parameters; null means both sides. */
export function requestedBox(
  query: Pick<ReferralListQuery, 'box' | 'to_establishment' | 'from_establishment'>,
  currentEstablishmentId: string | null,
): ReferralBox | null {
  if (query.box) return query.box;
  const isCurrent = (value: string | undefined) =>
    value === 'true' || (value !== undefined && value === currentEstablishmentId);
  if (isCurrent(query.to_establishment)) return 'inbox';
  if (isCurrent(query.from_establishment)) return 'outbox';
  return null;
}
