import type { FeatureFlags } from '@referrals/domain/feature-flags';
import { healthOrganisationOf } from '@referrals/domain/profile/health-organisations';
import { registrationNeeded } from '@referrals/domain/profile/profile-save-rules';
import type { MaintenanceStatus } from '@referrals/domain/maintenance/maintenance-schemas';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { replace, type LoaderFunction } from 'react-router';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { ApiError } from '@/lib/api-error';
import { getAccessToken, recordActivity, refreshSession, startSignIn } from '@/lib/auth/session';
import { accountLinkingDismissed } from '@/features/auth/account-linking-dismissal';
import { singleSignOnStatusQueryOptions } from '@/features/auth/api/single-sign-on';
import { maintenanceStatusQueryOptions } from '@/features/platform/api/maintenance';
import { paths } from '@/lib/paths';

/**
 * Users with a health-organisation address go to account linking (spec section 2 Start-up redirects:
 * "Single-sign-on users with a matching health-organisation email go to account linking") while the flag is
 * on, until the account is linked or they chose 'Not now' in this tab. The server has the last word on
 * whether linking is offered; it is asked only when the address matches.
 */
export async function accountLinkingNeeded(
  queryClient: QueryClient,
  flags: FeatureFlags,
  profile: Profile,
  pathname: string,
): Promise<boolean> {
  if (!flags.singleSignOnAccountLinking || pathname === paths.account.linking.getHref()) return false;
  if (registrationNeeded(profile) || healthOrganisationOf(profile.email) === null) return false;
  if (accountLinkingDismissed()) return false;
  try {
    const status = await queryClient.ensureQueryData(singleSignOnStatusQueryOptions());
    return status.sso_linking_available && status.linked_at === null;
  } catch {
    // Not knowing must not keep the user out of the app; the page is still reachable from its address.
    return false;
  }
}

/**
 * Down for maintenance by the platform administrators' switch (README, Maintenance): everyone but them,
 * signed in or not, goes to /maintenance, which brings them back here once it is over. A status that
 * cannot be read lets the user in; the API still answers 503 if the service is down.
 */
export async function maintenanceStop(
  status: Promise<MaintenanceStatus | null>,
  profile: Profile | null,
  returnTo: string,
): Promise<Response | null> {
  if (profile?.is_platform_admin === true) return null;
  return (await status)?.maintenance === true ? replace(paths.status.maintenance.getHref(returnTo)) : null;
}

/**
 * The guard of the main layout and of the chrome-less signed-in screens (platform selection, account
 * linking): a signed-in user with a loaded profile (spec sections 2 and 4). On a fresh page load there is
 * no access token in memory, so it first tries the refresh cookie, which holds a live session after a
 * reload or in a new tab; without one it starts the login and remembers the address. Public screens never
 * pass through here, so they never force a login.
 */
export function requireSignIn(queryClient: QueryClient, flags: FeatureFlags): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const returnTo = `${url.pathname}${url.search}${url.hash}`;
    // Asked beside the session and the profile, not after them; fresh for half a minute.
    const status = queryClient.fetchQuery(maintenanceStatusQueryOptions()).catch(() => null);
    if (getAccessToken() === null) {
      if (!(await refreshSession())) {
        return (await maintenanceStop(status, null, returnTo)) ?? startSignIn({ returnTo });
      }
      // Opening the app counts as activity, so a stale time from long ago does not log the user out.
      recordActivity();
    }
    try {
      const profile = await queryClient.ensureQueryData(profileQueryOptions());
      const stop = await maintenanceStop(status, profile, returnTo);
      if (stop !== null) return stop;
      // Users needing registration go to Welcome (spec section 2 Start-up redirects).
      const onboarding = [paths.welcome.getHref(), paths.registration.getHref()];
      if (registrationNeeded(profile) && !onboarding.includes(url.pathname)) {
        return replace(paths.welcome.getHref());
      }
      if (await accountLinkingNeeded(queryClient, flags, profile, url.pathname)) {
        return replace(paths.account.linking.getHref());
      }
    } catch (error) {
      // A profile that will not load for this session means signing in again (section 4 Profile load flow).
      if (error instanceof ApiError && error.status === 401) return startSignIn({ returnTo });
      throw error;
    }
    return null;
  };
}
