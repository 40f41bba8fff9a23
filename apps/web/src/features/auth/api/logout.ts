import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import {
  beginSignOut,
  endLocalSession,
  getAccessToken,
  providerLogoutUrl,
  refreshSession,
} from '@/lib/auth/session';
import { singleFlight } from '@/lib/auth/single-flight';

/**
 * POST profile/logout/ (spec section 7), then forget the sign-in on this device (section 4: sign-out
 * clears the refresh token, the auth cookies and the last-activity time). Safe to call twice at once.
 */
export const logout: () => Promise<void> = singleFlight(async () => {
  beginSignOut();
  try {
    // /logout opened in a fresh tab has no access token yet, but the cookie may hold a live session:
    // refresh to get one, so that session is revoked on the server and not merely forgotten here.
    if (getAccessToken() !== null || (await refreshSession())) {
      // No refresh on 401: the session may already have ended, which is what logging out wants anyway.
      await apiClient('/api/profile/logout/', { method: 'POST', refreshOnUnauthorized: false });
    }
  } catch {
    // The server session is ended or unreachable; the device must still forget the user.
  } finally {
    endLocalSession();
  }
});

/**
 * Leaves the app once logged out: to an external provider's end-session page, which ends its sign-in
 * too and returns to /login, or else straight to /login with `goToLogin`.
 */
export async function leaveAfterLogout(goToLogin: () => unknown): Promise<void> {
  const providerLogout = await providerLogoutUrl();
  if (providerLogout === null) await goToLogin();
  else window.location.assign(providerLogout);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Nothing of this user may stay in memory for whoever signs in next on this device.
    onSettled: () => queryClient.clear(),
  });
}
