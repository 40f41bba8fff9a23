import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { onMaintenanceNoticed } from '@/lib/maintenance-notice';
import { paths } from '@/lib/paths';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { maintenanceStatusQueryOptions } from '@/features/platform/api/maintenance';

/**
 * A call that finds the service down for maintenance (a platform administrator switched it on while the
 * app was open) takes everyone but the platform administrators to /maintenance, which brings them back
 * when it is over; the administrators stay, under the layout's banner, which the status refresh shows.
 */
export function useMaintenanceNotices(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onMaintenanceNoticed(() => {
        void queryClient.invalidateQueries({ queryKey: maintenanceStatusQueryOptions().queryKey });
        // With FEATURE_MAINTENANCE every address is the maintenance page already.
        if (getRuntimeConfig().flags.maintenance) return;
        if (queryClient.getQueryData(profileQueryOptions().queryKey)?.is_platform_admin === true) return;
        const { pathname, search, hash } = window.location;
        if (pathname === paths.status.maintenance.path) return;
        void navigate(paths.status.maintenance.getHref(`${pathname}${search}${hash}`), { replace: true });
      }),
    [navigate, queryClient],
  );
}
