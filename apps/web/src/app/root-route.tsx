import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import type { RouteHandle } from './routes/lazy-route';
import { useMaintenanceNotices } from './use-maintenance-notices';

/** Where the router keeps the scroll positions it restores on Back and Forward (sessionStorage). */
export const SCROLL_POSITIONS_KEY = 'referrals-scroll-positions';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/**
 * The root of every route: document title from the deepest route that names itself, scroll restoration,
 * and the way to /maintenance when a call finds the service down.
 */
export function RootRoute() {
  useMaintenanceNotices();
  const matches = useMatches();
  const title = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.title;

  useEffect(() => {
    // A tab title per screen helps clinicians who keep several referrals open side by side.
    document.title = title === undefined ? 'Referrals' : `${title} · Referrals`;
  }, [title]);

  return (
    <>
      <Outlet />
      <ScrollRestoration storageKey={SCROLL_POSITIONS_KEY} />
    </>
  );
}
