import { notifications } from '@mantine/notifications';
import { SWITCH_FAILURE_TOAST_MS } from '@referrals/domain/constants';
import { isLimitedMode } from '@referrals/domain/people/access-rules';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { profileQueryOptions, useProfile } from '@/lib/auth/get-profile';
import { browserLocalStorage } from '@/lib/browser-storage';
import { rememberEstablishment } from '@/lib/current-establishment';
import { paths } from '@/lib/paths';
import { reportEstablishment } from './api/report-establishment';
import { SWITCH_FAILED_TITLE, switchRefusal } from './switch-refusal';

/** The 'Switch failed' toast: danger, 2 seconds (spec sections 8 and 9). */
export function showSwitchFailed(message: string): void {
  notifications.show({
    title: SWITCH_FAILED_TITLE,
    message,
    color: 'red',
    autoClose: SWITCH_FAILURE_TOAST_MS,
  });
}

/**
 * Switches the current establishment (spec sections 2 Establishment selector, 4 Employment): refused with
 * the 'Switch failed' toast on screens whose work belongs to the current one; otherwise remembered in this
 * browser, shown at once, reported to the server (a failure is only logged), and everything read for the
 * old establishment is fetched again. From Help Desk, and into a PA or PM's limited personal space, the
 * user goes to the dashboard. Answers whether the switch happened.
 */
export function useSwitchEstablishment(): (establishmentId: string) => Promise<boolean> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: profile } = useProfile();

  return useCallback(
    async (establishmentId: string) => {
      const refusal = switchRefusal(pathname);
      if (refusal !== null) {
        showSwitchFailed(refusal);
        return false;
      }
      if (profile === undefined) return false;
      const target = profile.employments.find((e) => e.establishment.id === establishmentId);
      rememberEstablishment(browserLocalStorage(), profile.email, establishmentId);
      const profileKey = profileQueryOptions().queryKey;
      queryClient.setQueryData<Profile>(profileKey, (old) =>
        old === undefined ? old : { ...old, current_establishment: establishmentId },
      );

      const limited = isLimitedMode({ role: profile.role, establishmentType: target?.establishment.type });
      if (pathname === paths.help.getHref() || limited) void navigate(paths.home.getHref());

      try {
        queryClient.setQueryData(profileKey, await reportEstablishment(establishmentId));
      } catch (error) {
        console.error('Could not report the current establishment to the server', error);
      }
      // Lists, counters and permissions were all read for the old establishment.
      await queryClient.invalidateQueries();
      return true;
    },
    [pathname, profile, queryClient, navigate],
  );
}
