import type { Page } from '@referrals/domain/api';
import {
  HealthNetworkPageSchema,
  HealthNetworkSchema,
  type HealthNetwork,
  type HealthNetworkWrite,
} from '@referrals/domain/portals/health-network-schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const COLLECTION = '/api/platform/health-networks/';
const item = (id: string) => `${COLLECTION}${encodeURIComponent(id)}/`;

/** Every page of the list and each network: a save or a logo change reloads them. */
export const HEALTH_NETWORKS_KEY = ['platform', 'health-networks'] as const;

/** GET platform/health-networks/: the health networks, newest first. */
export function listHealthNetworks(
  query: { page: number; keyword: string },
  signal?: AbortSignal,
): Promise<Page<HealthNetwork>> {
  return apiClient(COLLECTION, {
    query: { page: query.page, ...(query.keyword === '' ? {} : { keyword: query.keyword }) },
    schema: HealthNetworkPageSchema,
    signal,
  });
}

export function useHealthNetworks(query: { page: number; keyword: string }) {
  return useQuery(
    queryOptions({
      queryKey: [...HEALTH_NETWORKS_KEY, 'list', query],
      queryFn: ({ signal }) => listHealthNetworks(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** POST platform/health-networks/ (no id) or PUT .../{id}/. */
export function useSaveHealthNetwork(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HealthNetworkWrite) =>
      apiClient(id === null ? COLLECTION : item(id), {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: HealthNetworkSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HEALTH_NETWORKS_KEY }),
  });
}

/** POST platform/health-networks/{id}/logo/ (multipart `file`), or DELETE it with null. */
export function useHealthNetworkLogo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) => {
      if (file === null) {
        await apiClient(`${item(id)}logo/`, { method: 'DELETE' });
        return;
      }
      const body = new FormData();
      body.append('file', file);
      await apiClient(`${item(id)}logo/`, { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HEALTH_NETWORKS_KEY }),
  });
}
