import { z } from 'zod';
import { codeOf } from '../codes.ts';
import { todayInAustralia } from '../date-bounds.ts';
import type { AccessContext } from '../people/access-rules.ts';
import {
  REFERRAL_TYPES,
  TRIAGE_CATEGORY_DAYS,
  triageCategories,
  TriageCategorySchema,
  type TriageCategory,
} from '../referrals/referral-codes.ts';
import { OVERDUE_STATUSES, PENDING_ACTION_STATUSES } from '../referrals/referral-conditions.ts';
import { FORWARD_REASONS, RECALL_REASONS, RETURN_REASONS } from '../referrals/referral-reason-codes.ts';

/**
 * Waiting times and volumes (docs/analytics.md): what an establishment's managers and a department's head
 * read about the referrals it received and sent. The definitions are here once; the server computes them
 * in SQL with the same constants, and the page and its CSV show what the server answered.
 */

/**
 * Small-cell suppression, as health statistics publish: a count of 1 to 4 referrals is not shown, nor any
 * figure computed from fewer than 5 (a median, a share), so a figure cannot point at a patient. A zero
 * names nobody and is shown.
 */
export const SMALL_CELL_MINIMUM = 5;

/** A count as the API gives it: null when it is suppressed (1 to 4). */
export function suppressedCount(count: number): number | null {
  return count > 0 && count < SMALL_CELL_MINIMUM ? null : count;
}

/** A figure computed from `count` referrals: null when they are fewer than SMALL_CELL_MINIMUM. */
export function suppressedFigure(count: number, figure: number | null): number | null {
  return count < SMALL_CELL_MINIMUM ? null : figure;
}

/**
 * The clinically recommended time to be seen, in days from submission, per triage category: the same
 * TRIAGE_CATEGORY_DAYS that says when an accepted referral is overdue (referral-conditions.ts), so "seen
 * within the recommended time" and "overdue" can never disagree about a referral.
 */
export const RECOMMENDED_DAYS: Readonly<Record<TriageCategory, number>> = TRIAGE_CATEGORY_DAYS;

/** Waiting for triage: submitted and not yet accepted, waitlisted or scheduled (the pending action). */
export const AWAITING_TRIAGE_STATUSES = PENDING_ACTION_STATUSES;
/** The open waitlist: accepted or waitlisted and not yet scheduled (what can become overdue). */
export const WAITLIST_STATUSES = OVERDUE_STATUSES;
/** Every status of a referral waiting at its receiver: for triage or on the waitlist. */
export const WAITING_STATUSES = [...AWAITING_TRIAGE_STATUSES, ...WAITLIST_STATUSES] as const;

/** Who reads the page: the establishment's account holder and practice managers, a department's head. */
export function canSeeAnalytics(
  context: Pick<AccessContext, 'role' | 'establishmentType' | 'employment'>,
): boolean {
  const { employment } = context;
  const type = codeOf(context.establishmentType);
  if (employment == null || codeOf(employment.status) !== 'APPROVED' || type === 'PA') return false;
  if (employment.is_account_holder === true || codeOf(context.role) === 'PM') return true;
  return employment.is_head_of_department && type === 'DT';
}

/** Shown at the page to someone else. */
export const ANALYTICS_READERS_HINT =
  'Waiting times and volumes are for the account holder and practice managers of an establishment, and for the head of a department. Switch to an establishment where you are one of them.';

/** The longest range the page reads at once, in years: its end comes before the same date that many years on. */
export const ANALYTICS_MAX_YEARS = 3;
/** The range the page opens with: the last 26 weeks, today included. */
export const ANALYTICS_DEFAULT_WEEKS = 26;

export const ANALYTICS_RANGE_ORDER_MESSAGE = 'The end of the range must be on or after its start.';
export const ANALYTICS_RANGE_LENGTH_MESSAGE = 'Choose a range of at most three years.';

const DAY_MS = 86_400_000;

/** The default range's first and last dates (YYYY-MM-DD, the Australian calendar). */
export function defaultAnalyticsRange(now: Date = new Date()): { from: string; to: string } {
  const to = todayInAustralia(now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (ANALYTICS_DEFAULT_WEEKS * 7 - 1) * DAY_MS);
  return { from: from.toISOString().slice(0, 10), to };
}

/** The first date (YYYY-MM-DD) a range from `from` may not reach; YYYY-MM-DD strings compare as dates. */
function rangeLimit(from: string): string {
  return `${Number(from.slice(0, 4)) + ANALYTICS_MAX_YEARS}${from.slice(4)}`;
}

export const ReferralTypeFilterSchema = z.enum(
  Object.keys(REFERRAL_TYPES) as [keyof typeof REFERRAL_TYPES, ...(keyof typeof REFERRAL_TYPES)[]],
);

/** GET analytics/: the range (inclusive, Sydney calendar) and the filters. */
export const AnalyticsQuerySchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    /** One of the units listed (a hospital's departments, a network's services), for what it received and sent. */
    unit: z.uuid().optional(),
    triage_category: TriageCategorySchema.optional(),
    /** The referring establishment: narrows what was received. */
    referrer: z.uuid().optional(),
    type: ReferralTypeFilterSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_RANGE_ORDER_MESSAGE });
    } else if (query.to >= rangeLimit(query.from)) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_RANGE_LENGTH_MESSAGE });
    }
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** A suppressed count is null (1 to 4 referrals). */
const CountSchema = z.number().int().nonnegative().nullable();
/** Days, to one decimal; null when suppressed or when there is nothing to measure. */
const DaysSchema = z.number().nonnegative().nullable();

const WaitSchema = z.object({
  count: CountSchema,
  median_days: DaysSchema,
  p90_days: DaysSchema,
});

const NamedCountSchema = z.object({ id: z.uuid(), name: z.string(), count: CountSchema });

const ReasonCountSchema = z.object({ reason: z.string(), display: z.string(), count: CountSchema });

const OutcomeSchema = z.object({
  count: CountSchema,
  /** Of the referrals received in the range, 0 to 1; null when suppressed. */
  rate: z.number().min(0).max(1).nullable(),
  reasons: z.array(ReasonCountSchema),
});

export const WaitlistStages = ['awaiting_triage', ...triageCategories.codes, 'uncategorised'] as const;
export type WaitlistStage = (typeof WaitlistStages)[number];

export const AnalyticsSchema = z.object({
  /** What the figures are about: an establishment (a hospital with its departments) or a health network. */
  scope: z.object({ kind: z.enum(['establishment', 'network']), id: z.uuid(), name: z.string() }),
  range: z.object({ from: z.iso.date(), to: z.iso.date() }),
  /** What the figures may narrow to (`unit`): a hospital's departments, a network's services; else none. */
  units: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Referrals received and sent per week (weeks start on Monday), every week of the range. */
  weekly: z.array(z.object({ week_start: z.iso.date(), received: CountSchema, sent: CountSchema })),
  /** Per triage category: days from submission to triage and to the appointment, against the recommended time. */
  waits: z.array(
    z.object({
      triage_category: TriageCategorySchema,
      recommended_days: z.number().int(),
      /** Triaged in the range: days from submission to the first accept, waitlist or schedule. */
      triage: WaitSchema,
      /** Seen in the range (the appointment date passed within it): days from submission to the appointment. */
      appointment: WaitSchema.extend({
        within_count: CountSchema,
        /** The share seen within the recommended time, 0 to 1. */
        within_share: z.number().min(0).max(1).nullable(),
      }),
    }),
  ),
  /** Waiting now (at the time of the call, whatever the range): by stage, with the longest wait. */
  waitlist: z.array(
    z.object({
      stage: z.enum(WaitlistStages),
      count: CountSchema,
      median_days: DaysSchema,
      oldest_days: DaysSchema,
      /** Past the recommended time for its category (the dashboard's overdue); null for no category. */
      overdue: CountSchema,
    }),
  ),
  /** What became of the referrals received in the range: returned, recalled by the sender, forwarded. */
  outcomes: z.object({
    received: CountSchema,
    returned: OutcomeSchema,
    recalled: OutcomeSchema,
    forwarded: OutcomeSchema,
  }),
  /** The establishments that referred the most to it in the range, and those it referred to the most. */
  top_referrers: z.array(NamedCountSchema),
  top_receivers: z.array(NamedCountSchema),
  generated_at: z.iso.datetime({ offset: true }),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

/** How many referrers and receivers the page ranks. */
export const ANALYTICS_TOP_COUNT = 10;

/** What each waitlist stage is called on the page. */
export const WAITLIST_STAGE_LABELS: Readonly<Record<WaitlistStage, string>> = {
  awaiting_triage: 'Awaiting triage',
  CAT1: 'Category 1',
  CAT2: 'Category 2',
  CAT3: 'Category 3',
  uncategorised: 'Accepted, no category',
};

/** The reasons each outcome is recorded with, by code. */
export const OUTCOME_REASONS = {
  returned: RETURN_REASONS,
  recalled: RECALL_REASONS,
  forwarded: FORWARD_REASONS,
} as const;

/** Shown where a figure is suppressed: fewer than five referrals. */
export const SUPPRESSED_TEXT = '<5';

/**
 * A table as CSV (RFC 4180): a header and one line per row, a cell quoted when it holds a comma, a quote or
 * a line break. The page writes each chart's table view through this, cell for cell as it shows them
 * (SUPPRESSED_TEXT included), so the file holds exactly what the chart shows.
 */
export function tableToCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
