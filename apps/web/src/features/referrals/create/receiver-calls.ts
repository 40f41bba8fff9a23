import { EstablishmentFullPageSchema } from '@referrals/domain/establishments/establishment-schemas';
import type { ReceiverType } from '@referrals/domain/referrals/referral-receivers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET establishments/ for the receiver step: approved ones of the chosen type that take in-app referrals,
 * matching the search, with their doctors (the assignees) and departments.
 */
export function useReceiverSearch(type: ReceiverType, keyword: string) {
  return useQuery({
    queryKey: ['establishments', 'receivers', type, keyword],
    queryFn: ({ signal }) =>
      apiClient('/api/establishments/', {
        query: {
          type,
          keyword: keyword === '' ? undefined : keyword,
          approved: 'true',
          include_doctors: 'true',
        },
        schema: EstablishmentFullPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
