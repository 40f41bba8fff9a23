import {
  NetworkServicePageSchema,
  PublicNetworkPortalSchema,
  type PublicNetworkPortal,
} from '@referrals/domain/portals/health-network-schemas';
import { PublicPortalSchema, type PublicPortal } from '@referrals/domain/portals/portal-schemas';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/** What a portal address names: an establishment's own portal, or a health network's over its services. */
export type PortalAt =
  { kind: 'establishment'; portal: PublicPortal } | { kind: 'network'; network: PublicNetworkPortal };

// What a portal publishes changes rarely; a sender filling in the form need not refetch it.
const published = { staleTime: Number.POSITIVE_INFINITY } as const;

/** GET public/establishments/?slug=: an establishment's portal at /refer/{slug} (404 when there is none). */
export function getPublicPortal(slug: string, signal?: AbortSignal): Promise<PublicPortal> {
  return apiClient('/api/public/establishments/', { query: { slug }, schema: PublicPortalSchema, signal });
}

/**
 * The portal at /refer/{slug}: an establishment's, else a health network's (public/organisations/?slug=);
 * the server keeps the two kinds' slugs apart. A 404 from both is the page's "not available".
 */
export async function getPortalAt(slug: string, signal?: AbortSignal): Promise<PortalAt> {
  try {
    return { kind: 'establishment', portal: await getPublicPortal(slug, signal) };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  const network = await apiClient('/api/public/organisations/', {
    query: { slug },
    schema: PublicNetworkPortalSchema,
    signal,
  });
  return { kind: 'network', network };
}

export function usePortalAt(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: ['public', 'portals', slug],
      queryFn: ({ signal }) => getPortalAt(slug, signal),
      ...published,
    }),
  );
}

/** GET public/health-network/{host}/: the network whose own web address this page is served at. */
export function useNetworkPortalAtHost(host: string) {
  return useQuery(
    queryOptions({
      queryKey: ['public', 'portals', 'host', host],
      queryFn: async ({ signal }): Promise<PortalAt> => ({
        kind: 'network',
        network: await apiClient(`/api/public/health-network/${encodeURIComponent(host)}/`, {
          schema: PublicNetworkPortalSchema,
          signal,
        }),
      }),
      ...published,
    }),
  );
}

export const NETWORK_SERVICES_PAGE_SIZE = 10;

/**
 * GET public/organisations/{id}/establishments/: the network's services by name, a page at a time;
 * `establishment`: only the one a sender chose (none when it is not one of the network's).
 */
export function useNetworkServices(networkId: string, keyword: string, establishment?: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['public', 'portals', 'services', networkId, keyword, establishment ?? null],
      queryFn: ({ pageParam, signal }) =>
        apiClient(`/api/public/organisations/${encodeURIComponent(networkId)}/establishments/`, {
          query: {
            page: String(pageParam),
            page_size: String(NETWORK_SERVICES_PAGE_SIZE),
            ...(keyword === '' ? {} : { keyword }),
            ...(establishment === undefined ? {} : { establishment }),
          },
          schema: NetworkServicePageSchema,
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: (last, _pages, page) => (last.next === null ? undefined : page + 1),
      ...published,
    }),
  );
}
