import type { FeatureFlags } from '@referrals/domain/feature-flags';
import type { RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { lazyRoute } from './lazy-route';

/**
 * Screens without the layout's chrome for a signed-in user (spec section 2): the platform selection
 * screen, and account linking while its flag is on (otherwise the address is unknown, a 404).
 */
export function accountRoutes(flags: FeatureFlags): RouteObject[] {
  const routes: RouteObject[] = [
    lazyRoute(paths.account.platform.path, 'Choose your platform', () =>
      import('@/features/profile/pages/platform-page').then((m) => m.PlatformPage),
    ),
  ];
  if (flags.singleSignOnAccountLinking) {
    routes.push(
      lazyRoute(paths.account.linking.path, 'Link your account', () =>
        import('@/features/auth/pages/account-linking-page').then((m) => m.AccountLinkingPage),
      ),
    );
  }
  return routes;
}
