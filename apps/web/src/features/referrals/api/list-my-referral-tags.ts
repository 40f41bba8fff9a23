import type { Page } from '@referrals/domain/api';
import { MAX_PAGE_SIZE } from '@referrals/domain/api';
import {
  MyReferralTagPageSchema,
  type MyReferralTag,
} from '@referrals/domain/referrals/referral-annotation-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

/**
 * GET referrals/tags/: the labels the user has tagged referrals with at the current establishment, A to Z
 * (the first page of 100: "My tags" offers them to pick from).
 */
export function listMyReferralTags(signal?: AbortSignal): Promise<Page<MyReferralTag>> {
  return apiClient('/api/referrals/tags/', {
    query: { page_size: MAX_PAGE_SIZE },
    schema: MyReferralTagPageSchema,
    signal,
  });
}

/** Under the referrals key, so tagging a referral offers the new label; per establishment, like the lists. */
export function myReferralTagsQueryOptions(establishmentId: string) {
  return queryOptions({
    queryKey: [...referralsKey, establishmentId, 'my-tags'],
    queryFn: ({ signal }) => listMyReferralTags(signal),
  });
}

export function useMyReferralTags(establishmentId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...myReferralTagsQueryOptions(establishmentId), enabled });
}
