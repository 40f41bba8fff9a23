import {
  inboxListTypes,
  outboxListTypes,
  referralStatuses,
  type InboxListType,
  type OutboxListType,
  type ReferralStatus,
} from './referral-codes.ts';

/**
 * What each inbox and outbox list shows (spec section 2 List types; referral-lifecycle.md Lists). The
 * server's list query and the web's tabs and counters both read it, so a tab never counts what its list
 * does not show.
 */

/** Inbox lists are the receiver side's, outbox lists the sender side's (referral-lifecycle.md Lists). */
export type ReferralBox = 'inbox' | 'outbox';

/** The case-conference state a case-conference list asks for (spec section 4 Case conference). */
export type CaseConferenceListStatus = 'active' | 'closed';

/** The filter behind one list: statuses, plus the lists that are about sharing or a case conference. */
export type ReferralListFilter = {
  /** The statuses shown; never empty. */
  statuses: readonly ReferralStatus[];
  /** Only referrals shared with the caller's establishment or the caller (the inbox's shared list). */
  shared: boolean;
  /** Only referrals with a case conference in this state; null for the other lists. */
  case_conference_status: CaseConferenceListStatus | null;
};

/** The statuses of the all list, and of the shared and case-conference lists: everything but DRFT and FWRD. */
export const ALL_LIST_STATUSES: readonly ReferralStatus[] = referralStatuses.codes.filter(
  (status) => status !== 'DRFT' && status !== 'FWRD',
);

const byStatus = (...statuses: ReferralStatus[]): ReferralListFilter => ({
  statuses,
  shared: false,
  case_conference_status: null,
});

/** Every list type of either box and its filter; which box has which list is the code lists' business. */
const LIST_FILTERS: Record<InboxListType | OutboxListType, ReferralListFilter> = {
  all: byStatus(...ALL_LIST_STATUSES),
  new: byStatus('SBMT', 'UPDT'),
  'under-review': byStatus('VWD'),
  accepted: byStatus('ACPT'),
  scheduled: byStatus('SCHDL'),
  waitlisted: byStatus('WLST'),
  returned: byStatus('RTRN'),
  forwarded: byStatus('FWRD'),
  drafts: byStatus('DRFT'),
  shared: { statuses: ALL_LIST_STATUSES, shared: true, case_conference_status: null },
  'case-conference-active': { statuses: ALL_LIST_STATUSES, shared: false, case_conference_status: 'active' },
  'case-conference-closed': { statuses: ALL_LIST_STATUSES, shared: false, case_conference_status: 'closed' },
};

/**
 * The filter of an inbox or outbox list by its URL slug, or null when the box has no such list (drafts is
 * outbox only, shared inbox only; spec section 2 List types). Archived and deleted referrals stay out of
 * every one of these lists; the Archive and Deleted Items pages ask for them.
 */
export function referralListFilter(box: ReferralBox, listType: string): ReferralListFilter | null {
  const known = box === 'inbox' ? inboxListTypes.isCode(listType) : outboxListTypes.isCode(listType);
  return known ? LIST_FILTERS[listType as InboxListType | OutboxListType] : null;
}
