import {
  ReferralListFiltersSchema,
  type ReferralListFilters,
} from '@referrals/domain/referrals/referral-list-search';

export const DEFAULT_REFERRAL_LIST_FILTERS: ReferralListFilters = ReferralListFiltersSchema.parse({});

/** One set for every referral list, as the spec keeps one set of saved list filters (section 3). */
export const REFERRAL_LIST_FILTERS_STORAGE_KEY = 'referrals.lists.filters';

/** The remembered filters, or the defaults when nothing readable was stored. */
export function readListFilters(storage: Pick<Storage, 'getItem'> | undefined): ReferralListFilters {
  try {
    const stored = storage?.getItem(REFERRAL_LIST_FILTERS_STORAGE_KEY);
    if (stored == null) return DEFAULT_REFERRAL_LIST_FILTERS;
    const parsed: unknown = JSON.parse(stored);
    return ReferralListFiltersSchema.parse(typeof parsed === 'object' && parsed !== null ? parsed : {});
  } catch {
    // Storage can throw (privacy modes), or hold something unreadable: start from the defaults instead.
    return DEFAULT_REFERRAL_LIST_FILTERS;
  }
}

/** Remembers the filters; a storage that refuses the write only costs the memory across reloads. */
export function writeListFilters(
  storage: Pick<Storage, 'setItem'> | undefined,
  filters: ReferralListFilters,
): void {
  try {
    storage?.setItem(REFERRAL_LIST_FILTERS_STORAGE_KEY, JSON.stringify(filters));
  } catch {
    // See readListFilters.
  }
}
