import type { Page } from '@referrals/domain/api';
import {
  InvitedCaseConferencePageSchema,
  type InvitedCaseConference,
  type InvitedCaseConferencesQuery,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

/**
 * GET referrals/cases/invited/ (docs/case-conferences.md): one page of the conferences the caller is
 * invited to or has joined at the current establishment, for one box and status, newest first.
 */
export function listInvitedCaseConferences(
  query: InvitedCaseConferencesQuery,
  signal?: AbortSignal,
): Promise<Page<InvitedCaseConference>> {
  return apiClient('/api/referrals/cases/invited/', {
    query,
    schema: InvitedCaseConferencePageSchema,
    signal,
  });
}

/**
 * Keyed by the establishment, as the referral lists are, and under the referrals key: an action on a
 * referral or its conference that refreshes the referral lists refreshes these too.
 */
export function invitedCaseConferencesQueryOptions(
  establishmentId: string,
  query: InvitedCaseConferencesQuery,
) {
  return queryOptions({
    queryKey: [...referralsKey, establishmentId, 'case-conferences', query],
    queryFn: ({ signal }) => listInvitedCaseConferences(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInvitedCaseConferences(establishmentId: string, query: InvitedCaseConferencesQuery) {
  return useQuery(invitedCaseConferencesQueryOptions(establishmentId, query));
}
