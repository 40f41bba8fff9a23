import {
  MaintenanceSchema,
  MaintenanceStatusSchema,
  type Maintenance,
  type MaintenanceStatus,
  type MaintenanceWrite,
} from '@referrals/domain/maintenance/maintenance-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const STATUS = '/api/public/maintenance/';
const SWITCH = '/api/platform/maintenance/';

/** How often a screen that waits on the maintenance (its page, the administrators' banner) asks again. */
export const MAINTENANCE_POLL_MS = 20_000;

/** GET public/maintenance/: whether the service is down, with the note for the page. */
export function getMaintenanceStatus(signal?: AbortSignal): Promise<MaintenanceStatus> {
  return apiClient(STATUS, { schema: MaintenanceStatusSchema, signal });
}

/**
 * The status as the sign-in guard, the maintenance page and the banner share it. Half a minute old at
 * most on a navigation; a call that meets the maintenance refreshes it at once (the app's root listens).
 */
export function maintenanceStatusQueryOptions() {
  return queryOptions({
    queryKey: ['maintenance-status'],
    queryFn: ({ signal }) => getMaintenanceStatus(signal),
    staleTime: 30_000,
  });
}

/** The status, asked again every MAINTENANCE_POLL_MS while `poll` (the page waiting for the service). */
export function useMaintenanceStatus({ poll = false, enabled = true } = {}) {
  return useQuery({
    ...maintenanceStatusQueryOptions(),
    enabled,
    refetchInterval: poll ? MAINTENANCE_POLL_MS : false,
  });
}

export function maintenanceQueryOptions() {
  return queryOptions({
    queryKey: ['platform', 'maintenance'],
    queryFn: ({ signal }) => apiClient(SWITCH, { schema: MaintenanceSchema, signal }),
  });
}

/** GET platform/maintenance/: the switch, for the platform administrators. */
export function useMaintenance() {
  return useQuery(maintenanceQueryOptions());
}

/** PUT platform/maintenance/: switches the service down or back up; the status is asked again after. */
export function useSwitchMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceWrite) =>
      apiClient<Maintenance>(SWITCH, { method: 'PUT', body, schema: MaintenanceSchema }),
    onSuccess: (maintenance) => {
      queryClient.setQueryData(maintenanceQueryOptions().queryKey, maintenance);
      return queryClient.invalidateQueries({ queryKey: maintenanceStatusQueryOptions().queryKey });
    },
    // Refused (another administrator switched meanwhile): show what it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: maintenanceQueryOptions().queryKey }),
  });
}
