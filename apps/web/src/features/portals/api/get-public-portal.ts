import { PublicPortalSchema, type PublicPortal } from '@referrals/domain/portals/portal-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET public/establishments/?slug=: the portal at /refer/{slug} (404 when there is none or it is off). */
export function getPublicPortal(slug: string, signal?: AbortSignal): Promise<PublicPortal> {
  return apiClient('/api/public/establishments/', { query: { slug }, schema: PublicPortalSchema, signal });
}

export function publicPortalQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['public', 'portals', slug],
    queryFn: ({ signal }) => getPublicPortal(slug, signal),
    // What an establishment publishes changes rarely; a sender filling in the form need not refetch it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicPortal(slug: string) {
  return useQuery(publicPortalQueryOptions(slug));
}
