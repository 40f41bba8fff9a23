import { registrationNeeded } from '@referrals/domain/profile/profile-save-rules';
import type { QueryClient } from '@tanstack/react-query';
import { replace, type LoaderFunction } from 'react-router';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { ApiError } from '@/lib/api-error';
import { getAccessToken, recordActivity, refreshSession, startSignIn } from '@/lib/auth/session';
import { paths } from '@/lib/paths';

/**
 * The main layout's guard: a signed-in user with a loaded profile (spec sections 2 and 4). On a fresh
 * page load there is no access token in memory, so it first tries the refresh cookie, which holds a
 * live session after a reload or in a new tab; without one it starts the login and remembers the
 * address. Screens outside the layout never pass through here, so they never force a login.
 */
export function requireSignIn(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const returnTo = `${url.pathname}${url.search}${url.hash}`;
    if (getAccessToken() === null) {
      if (!(await refreshSession())) return startSignIn({ returnTo });
      // Opening the app counts as activity, so a stale time from long ago does not log the user out.
      recordActivity();
    }
    try {
      const profile = await queryClient.ensureQueryData(profileQueryOptions());
      // Users needing registration go to Welcome (spec section 2 Start-up redirects).
      const onboarding = [paths.welcome.getHref(), paths.registration.getHref()];
      if (registrationNeeded(profile) && !onboarding.includes(url.pathname)) {
        return replace(paths.welcome.getHref());
      }
    } catch (error) {
      // A profile that will not load for this session means signing in again (section 4 Profile load flow).
      if (error instanceof ApiError && error.status === 401) return startSignIn({ returnTo });
      throw error;
    }
    return null;
  };
}
