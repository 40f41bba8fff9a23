import type { ReferralListFilters } from '@referrals/domain/referrals/referral-list-search';
import { useEffect, useState } from 'react';
import { browserLocalStorage } from '@/lib/browser-storage';
import { useListSearch } from '@/ui/list-search';
import { readListFilters, writeListFilters } from './list-filters';

/** The filters a user can clear at once; the sort and the referral id column are preferences, not filters. */
const CLEARED: Partial<ReferralListFilters> = {
  search: '',
  submittedAfter: '',
  submittedBefore: '',
  archiveEnabled: false,
  myReferral: false,
  myTags: false,
};

/**
 * A referral list's saved filters (spec section 3): read from the browser once, remembered on every change,
 * the search as typed included. `searched` is what the list asks for: the search once typing pauses. Any
 * change of filter goes back to page 1; showing the referral id column does not.
 */
export function useReferralListFilters() {
  const [filters, setFilters] = useState(() => readListFilters(browserLocalStorage()));
  const { keyword, setKeyword, searched, page, setPage } = useListSearch(filters.search);

  useEffect(() => {
    writeListFilters(browserLocalStorage(), { ...filters, search: keyword });
  }, [filters, keyword]);

  const filter = (patch: Partial<ReferralListFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const clear = () => {
    filter(CLEARED);
    setKeyword('');
  };
  const searchedFilters = { ...filters, search: searched };
  const filtered = (Object.keys(CLEARED) as (keyof ReferralListFilters)[]).some(
    (key) => searchedFilters[key] !== CLEARED[key],
  );

  return {
    filters: { ...filters, search: keyword },
    searchedFilters,
    setKeyword,
    filter,
    clear,
    filtered,
    showReferralId: (show: boolean) => setFilters((current) => ({ ...current, showReferralId: show })),
    page,
    setPage,
  };
}
