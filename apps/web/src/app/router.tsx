import type { FeatureFlags } from '@referrals/domain/feature-flags';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, replace, type LoaderFunction, type RouteObject } from 'react-router';
import { browserSessionStorage } from '@/lib/browser-storage';
import { errorSet } from '@/lib/error-set';
import { FullScreenLoader } from '@/ui/full-screen-loader';
import { MainLayout } from './layout/main-layout';
import { ErrorPage } from './pages/error-page';
import { RootRoute, SCROLL_POSITIONS_KEY } from './root-route';
import { clinicalRecordLaunchRedirect } from './routes/clinical-record-launch-redirect';
import { lazyRoute } from './routes/lazy-route';
import { accountRoutes } from './routes/account-routes';
import { layoutRoutes } from './routes/layout-routes';
import { publicRoutes } from './routes/public-routes';
import { requireSignIn } from './routes/require-sign-in';
import { redirectToNotFound } from './routes/route-checks';

function maintenanceRoutes(): RouteObject[] {
  // Every address shows the maintenance page, without redirecting, so a reload afterwards lands where
  // the user was (spec section 9, maintenance flag).
  return [
    lazyRoute('*', 'Down for maintenance', () =>
      import('./pages/maintenance-page').then((m) => m.MaintenancePage),
    ),
  ];
}

function applicationRoutes(flags: FeatureFlags, queryClient: QueryClient): RouteObject[] {
  return [
    ...publicRoutes(flags),
    // Signed in, without the layout: no Component, so the matched screen renders on its own.
    { loader: requireSignIn(queryClient, flags), children: accountRoutes(flags) },
    {
      Component: MainLayout,
      loader: launchesFirst(flags, requireSignIn(queryClient, flags)),
      children: layoutRoutes(flags),
    },
    // The loader redirects before anything renders; the null element only tells the router that is intended.
    { path: '*', loader: redirectToNotFound, element: null },
  ];
}

/** A clinical record system's launch or return at / goes to its screen before any sign-in (spec section 2). */
function launchesFirst(flags: FeatureFlags, guard: LoaderFunction): LoaderFunction {
  return (args) => {
    const launch = clinicalRecordLaunchRedirect(new URL(args.request.url), flags);
    return launch === null ? guard(args) : replace(launch);
  };
}

/** The route table depends on the start-up flags: maintenance and the conditional routes (spec section 2). */
export function createAppRouter(flags: FeatureFlags, queryClient: QueryClient) {
  // A page load starts at the top. The router would scroll back to where a reloaded page was, but it does
  // that in a transition, and the screens load their data after it: the jump either met a page still too
  // short, or, on a slow machine, came seconds later, when the user was already typing near the top, and
  // took that field out of view (and with it a search select's open options, which Mantine then hides).
  // Back and Forward within the app still restore.
  browserSessionStorage()?.removeItem(SCROLL_POSITIONS_KEY);
  const router = createBrowserRouter([
    {
      id: 'root',
      Component: RootRoute,
      ErrorBoundary: ErrorPage,
      HydrateFallback: FullScreenLoader,
      children: flags.maintenance ? maintenanceRoutes() : applicationRoutes(flags, queryClient),
    },
  ]);

  // Every navigation clears the current error set (spec section 2). Subscribing to the router rather
  // than clearing in an effect runs before the new screen renders, so its own errors are not wiped.
  let lastLocationKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === lastLocationKey) return;
    lastLocationKey = state.location.key;
    errorSet.clear();
  });

  return router;
}
