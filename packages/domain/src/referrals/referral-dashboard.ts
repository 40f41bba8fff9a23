import { z } from 'zod';
import { defineCodeList } from '../codes.ts';
import {
  APPOINTMENT_DUE_DAYS,
  APPOINTMENT_DUE_STATUSES,
  DUE_FOR_RENEWAL_STATUSES,
  OVERDUE_STATUSES,
  PENDING_ACTION_STATUSES,
  RENEWAL_DUE_DAYS,
} from './referral-conditions.ts';
import {
  TRIAGE_CATEGORIES,
  triageCategories,
  type InboxListType,
  type OutboxListType,
  type ReferralStatus,
  type TriageCategory,
} from './referral-codes.ts';

/**
 * The derived conditions a referral list can be narrowed to (`condition=` on GET referrals/), by URL slug:
 * the conditions of referral-lifecycle.md that a dashboard asks about, plus recalled drafts.
 */
export const REFERRAL_CONDITION_FILTERS = {
  'pending-action': 'Pending action',
  'due-for-renewal': 'Due for renewal',
  'appointment-due': 'Appointment due',
  overdue: 'Overdue for appointment',
  recalled: 'Recalled',
} as const;
export const referralConditionFilters = defineCodeList(REFERRAL_CONDITION_FILTERS);
export const ReferralConditionFilterSchema = referralConditionFilters.schema;
export type ReferralConditionFilter = z.infer<typeof ReferralConditionFilterSchema>;

/** The statuses a referral under each condition filter has (referral-conditions.ts decides the rules). */
export const CONDITION_FILTER_STATUSES: Record<ReferralConditionFilter, readonly ReferralStatus[]> = {
  'pending-action': PENDING_ACTION_STATUSES,
  'due-for-renewal': DUE_FOR_RENEWAL_STATUSES,
  'appointment-due': APPOINTMENT_DUE_STATUSES,
  overdue: OVERDUE_STATUSES,
  recalled: ['DRFT'],
};

/** One dashboard line: what it counts, and the list that shows those referrals. */
export type DashboardItem = { key: string; label: string; hint: string } & (
  { box: 'inbox'; list: InboxListType } | { box: 'outbox'; list: OutboxListType }
) & { condition?: ReferralConditionFilter; triage_category?: TriageCategory };

/**
 * What needs the person now (issue 14, Dashboard): the receiver's triage and appointments, overdue ones by
 * triage category, and the sender's renewals, returns and recalls. Each counts exactly what its list shows.
 */
export const REFERRAL_DASHBOARD_ITEMS: readonly DashboardItem[] = [
  {
    key: 'pending_action',
    label: 'Pending action',
    hint: 'New and updated referrals waiting for triage',
    box: 'inbox',
    list: 'all',
    condition: 'pending-action',
  },
  {
    key: 'appointment_due',
    label: 'Appointments due',
    hint: `Scheduled within the next ${APPOINTMENT_DUE_DAYS} days`,
    box: 'inbox',
    list: 'scheduled',
    condition: 'appointment-due',
  },
  ...triageCategories.codes.map((category): DashboardItem => ({
    key: `overdue_${category}`,
    label: `Overdue: ${TRIAGE_CATEGORIES[category]}`,
    hint: 'Accepted or waitlisted, not yet scheduled in time',
    box: 'inbox',
    list: 'all',
    condition: 'overdue',
    triage_category: category,
  })),
  {
    key: 'due_for_renewal',
    label: 'Due for renewal',
    hint: `Your referrals expiring within ${RENEWAL_DUE_DAYS} days`,
    box: 'outbox',
    list: 'all',
    condition: 'due-for-renewal',
  },
  {
    key: 'returned',
    label: 'Returned',
    hint: 'Sent back to you by the receiver',
    box: 'outbox',
    list: 'returned',
  },
  {
    key: 'recalled',
    label: 'Recalled',
    hint: 'Drafts you recalled, waiting to be sent again',
    box: 'outbox',
    list: 'drafts',
    condition: 'recalled',
  },
];

/** GET referrals/stats/dashboard/: the count of each dashboard item, by key, at the current establishment. */
export const ReferralDashboardStatsSchema = z.array(z.object({ key: z.string(), count: z.int() }));
export type ReferralDashboardStats = z.infer<typeof ReferralDashboardStatsSchema>;
