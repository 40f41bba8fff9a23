import { useReferralList } from '../api/list-referrals';
import { PagedList } from '@/ui/paged-list';
import { ReferralListEmpty } from './referral-list-empty';
import type { ReferralListSource } from './referral-list-source';
import { ReferralListToolbar } from './referral-list-toolbar';
import { ReferralTable } from './referral-table';
import { useReferralListFilters } from './use-referral-list-filters';

/** One referral list: its remembered filters, 10 a page, and the table or a helpful empty state. */
export function ReferralList({
  source,
  establishmentId,
}: {
  source: ReferralListSource;
  establishmentId: string;
}) {
  const { filters, searchedFilters, setKeyword, filter, clear, filtered, showReferralId, page, setPage } =
    useReferralListFilters();
  const referrals = useReferralList(establishmentId, { source, filters: searchedFilters, page });
  return (
    <PagedList
      list={referrals}
      what="the referrals"
      countLabel={(count) => (count === 1 ? '1 referral' : `${count} referrals`)}
      page={page}
      onPage={setPage}
      toolbar={
        <ReferralListToolbar
          source={source}
          establishmentId={establishmentId}
          filters={filters}
          busy={referrals.isFetching}
          onSearch={setKeyword}
          onFilter={filter}
          onShowReferralId={showReferralId}
        />
      }
      empty={<ReferralListEmpty source={source} filtered={filtered} onClear={clear} />}
    >
      {(results) => (
        <ReferralTable source={source} referrals={results} showReferralId={filters.showReferralId} />
      )}
    </PagedList>
  );
}
