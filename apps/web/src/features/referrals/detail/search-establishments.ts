import { EstablishmentFullPageSchema } from '@referrals/domain/establishments/establishment-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET establishments/?keyword=: the approved establishments a referral may be shared with. */
export function useEstablishmentSearch(keyword: string) {
  return useQuery(
    queryOptions({
      queryKey: ['establishments', 'share-search', keyword],
      queryFn: ({ signal }) =>
        apiClient('/api/establishments/', {
          query: { keyword: keyword === '' ? undefined : keyword },
          schema: EstablishmentFullPageSchema,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  );
}
