import type { Page } from '@referrals/domain/api';
import { ReferralPageSchema, type ReferralListItem } from '@referrals/domain/referrals/referral-list-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralListParams, type ReferralListRequest } from '../lists/referral-list-source';
import { referralsKey } from './get-referral';

/**
 * GET referrals/ (spec section 7 Referrals): one page of 10 of an inbox or outbox list, Archive or Deleted
 * Items, filtered as the request's saved filters say.
 */
export function listReferrals(
  request: ReferralListRequest,
  signal?: AbortSignal,
): Promise<Page<ReferralListItem>> {
  return apiClient('/api/referrals/', {
    query: referralListParams(request),
    schema: ReferralPageSchema,
    signal,
  });
}

/** Keyed by the establishment too: each establishment has its own inbox and outbox. */
export function referralListQueryOptions(establishmentId: string, request: ReferralListRequest) {
  return queryOptions({
    queryKey: [...referralsKey, establishmentId, 'list', referralListParams(request)],
    queryFn: ({ signal }) => listReferrals(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReferralList(establishmentId: string, request: ReferralListRequest) {
  return useQuery(referralListQueryOptions(establishmentId, request));
}
