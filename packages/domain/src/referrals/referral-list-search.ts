import { z } from 'zod';
import { defineCodeList } from '../codes.ts';
import { REFERRAL_TAG_MAX_LENGTH } from './referral-annotation-schemas.ts';
import type { ReferralConditions } from './referral-conditions.ts';
import { REFERRAL_CONDITION_FILTERS } from './referral-dashboard.ts';
import type { ReferralListOrderField, ReferralListQueryInput } from './referral-list-schemas.ts';

/**
 * The search, sort and switches of a referral list, and the saved list filters that remember them (spec
 * section 3 Saved list filters; section 7 Referrals for the parameters they become).
 */

/** The search types of a referral list's search box (section 3). */
export const REFERRAL_SEARCH_TYPES = {
  all: 'All',
  patient: 'Patient',
  referrer: 'Referrer',
  specialist: 'Specialist',
  mrn: 'MRN',
  referral_id: 'Referral ID',
} as const;
export const referralSearchTypes = defineCodeList(REFERRAL_SEARCH_TYPES);
export const ReferralSearchTypeSchema = referralSearchTypes.schema;
export type ReferralSearchType = z.infer<typeof ReferralSearchTypeSchema>;

/** The GET referrals/ parameter each search type fills; the specialist is the receiving side (`receiver`). */
export const REFERRAL_SEARCH_PARAMS = {
  all: 'search',
  patient: 'patient_name',
  referrer: 'referrer',
  specialist: 'receiver',
  mrn: 'patient_mrn',
  referral_id: 'referral_id',
} as const satisfies Record<ReferralSearchType, keyof ReferralListQueryInput>;

/**
 * The orderings a list offers, as order_by values. The first is the server's default and is never sent,
 * so the drafts list keeps its own default (newest created).
 */
export const REFERRAL_LIST_SORTS = {
  '-submitted_at': 'Newest submitted first',
  submitted_at: 'Oldest submitted first',
  appointment_date: 'Appointment, soonest first',
  patient_name: 'Patient name, A to Z',
  '-updated_at': 'Recently updated first',
} as const satisfies Partial<Record<ReferralListOrderField | `-${ReferralListOrderField}`, string>>;
export const referralListSorts = defineCodeList(REFERRAL_LIST_SORTS);
export type ReferralListSort = z.infer<typeof referralListSorts.schema>;
export const DEFAULT_REFERRAL_LIST_SORT: ReferralListSort = '-submitted_at';

const optionalDate = z.union([z.literal(''), z.iso.date()]);

/**
 * The saved list filters a referral list uses (section 3); '' is no date. Each field falls back to its
 * default on its own, so a value stored by an older version costs that field only.
 */
export const ReferralListFiltersSchema = z.object({
  search: z.string().max(200).catch(''),
  searchType: ReferralSearchTypeSchema.catch('all'),
  submittedAfter: optionalDate.catch(''),
  submittedBefore: optionalDate.catch(''),
  sort: referralListSorts.schema.catch(DEFAULT_REFERRAL_LIST_SORT),
  archiveEnabled: z.boolean().catch(false),
  myReferral: z.boolean().catch(false),
  /** Off (false), everything the user tagged (true), or the referrals carrying one of the user's labels. */
  myTags: z.union([z.boolean(), z.string().trim().min(1).max(REFERRAL_TAG_MAX_LENGTH)]).catch(false),
  showReferralId: z.boolean().catch(false),
});
export type ReferralListFilters = z.infer<typeof ReferralListFiltersSchema>;

/** The derived conditions a list row carries, as its badges name them (section 4; referral-lifecycle.md). */
export const REFERRAL_CONDITION_LABELS = {
  pending_action: REFERRAL_CONDITION_FILTERS['pending-action'],
  due_for_renewal: REFERRAL_CONDITION_FILTERS['due-for-renewal'],
  appointment_due: REFERRAL_CONDITION_FILTERS['appointment-due'],
  overdue_for_appointment: REFERRAL_CONDITION_FILTERS.overdue,
} as const satisfies Record<keyof ReferralConditions, string>;
