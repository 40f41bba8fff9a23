import type { Page } from '@referrals/domain/api';
import { MAX_PAGE_SIZE } from '@referrals/domain/api';
import {
  MyReferralTagPageSchema,
  type MyReferralTag,
} from '@referrals/domain/referrals/referral-annotation-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

/**
 * GET referrals/tags/: the labels the user has tagged referrals with at the current establishment, A to Z,
 * a page of 100; with `search`, the ones containing it ("My tags" asks as the user types, so a label past
 * the first 100 can still be found).
 */
export function listMyReferralTags(search: string, signal?: AbortSignal): Promise<Page<MyReferralTag>> {
  return apiClient('/api/referrals/tags/', {
    query: { page_size: MAX_PAGE_SIZE, ...(search === '' ? {} : { search }) },
    schema: MyReferralTagPageSchema,
    signal,
  });
}

/** Under the referrals key, so tagging a referral offers the new label; per establishment, like the lists. */
export function myReferralTagsQueryOptions(establishmentId: string, search: string) {
  return queryOptions({
    queryKey: [...referralsKey, establishmentId, 'my-tags', search],
    queryFn: ({ signal }) => listMyReferralTags(search, signal),
    // While the next search is asked, the labels found so far stay (filtered by the select as typed).
    placeholderData: keepPreviousData,
  });
}

export function useMyReferralTags(
  establishmentId: string,
  search: string,
  { enabled }: { enabled: boolean },
) {
  return useQuery({ ...myReferralTagsQueryOptions(establishmentId, search), enabled });
}
