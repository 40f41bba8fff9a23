import { ExternalOriginSchema } from '@referrals/domain/external-access/external-access-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET referrals/external-origin/?token=: the referral an access link names, for a signed-in person who may
 * see it in the app; the 404 of a missing one for anyone else.
 */
export function externalOriginQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['external-origin', token] as const,
    queryFn: ({ signal }) =>
      apiClient('/api/referrals/external-origin/', {
        query: { token },
        schema: ExternalOriginSchema,
        signal,
      }),
    retry: false,
  });
}

export function useExternalOrigin(token: string) {
  return useQuery({ ...externalOriginQueryOptions(token), enabled: token !== '' });
}
