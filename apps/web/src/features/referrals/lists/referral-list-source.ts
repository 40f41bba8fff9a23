import type {
  InboxListType,
  OutboxListType,
  TriageCategory,
} from '@referrals/domain/referrals/referral-codes';
import type { ReferralConditionFilter } from '@referrals/domain/referrals/referral-dashboard';
import type { ReferralListQueryInput } from '@referrals/domain/referrals/referral-list-schemas';
import {
  DEFAULT_REFERRAL_LIST_SORT,
  REFERRAL_SEARCH_PARAMS,
  type ReferralListFilters,
} from '@referrals/domain/referrals/referral-list-search';

/** A list narrowed to a derived condition, as the dashboard's links ask (`?condition=&triage_category=`). */
export type ReferralListNarrowing = { condition?: ReferralConditionFilter; triage_category?: TriageCategory };

/** Which referrals a list screen shows (spec section 2: the inbox and outbox lists, Archive, Deleted Items). */
export type ReferralListSource =
  | ({ box: 'inbox'; type: InboxListType } & ReferralListNarrowing)
  | ({ box: 'outbox'; type: OutboxListType } & ReferralListNarrowing)
  | { box: 'archive' }
  | { box: 'trash' };

/** What one page of a list asks for: the source, the saved filters with the search as typed, the page. */
export type ReferralListRequest = {
  source: ReferralListSource;
  filters: ReferralListFilters;
  page: number;
};

/**
 * The parameters a list sends: those of the query schema it uses, with a plain page number and `my_tags`
 * as one string (`true`, or a comma list of labels) rather than the parameter repeated.
 */
export type ReferralListParams = Omit<
  ReferralListQueryInput,
  'page' | 'page_size' | 'status' | 'exclude_status' | 'my_tags'
> & { page: number; my_tags?: string };

/**
 * Drafts were never submitted and cannot be archived: their list has no date range, archive switch or sort
 * (always newest created first, the server's default for them).
 */
export const isDraftList = (source: ReferralListSource) =>
  source.box === 'outbox' && source.type === 'drafts';

/**
 * The GET referrals/ parameters of a list request (section 7 Referrals). Switches that are off and the
 * default sort are left out, so the server's defaults apply; the search goes to its search type's parameter.
 */
export function referralListParams({ source, filters, page }: ReferralListRequest): ReferralListParams {
  const search = filters.search.trim();
  const drafts = isDraftList(source);
  const params: ReferralListParams = {
    page,
    ...(source.box === 'inbox' || source.box === 'outbox'
      ? {
          box: source.box,
          list: source.type,
          condition: source.condition,
          triage_category: source.triage_category,
        }
      : {}),
  };
  // archiveEnabled turns an inbox or outbox list into its archived referrals; Archive shows them all.
  if (source.box === 'archive' || (source.box !== 'trash' && !drafts && filters.archiveEnabled)) {
    params.archived = 'true';
  }
  if (source.box === 'trash') params.deleted = 'true';
  if (search !== '') params[REFERRAL_SEARCH_PARAMS[filters.searchType]] = search;
  if (filters.myReferral) params.my_referral = 'true';
  if (filters.myTags !== false) params.my_tags = filters.myTags === true ? 'true' : filters.myTags;
  if (!drafts && filters.submittedAfter !== '') params.submitted_after = filters.submittedAfter;
  if (!drafts && filters.submittedBefore !== '') params.submitted_before = filters.submittedBefore;
  if (!drafts && filters.sort !== DEFAULT_REFERRAL_LIST_SORT) params.order_by = filters.sort;
  return params;
}
