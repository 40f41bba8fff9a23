import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileQueryOptions, useProfile } from '@/lib/auth/get-profile';
import { browserLocalStorage } from '@/lib/browser-storage';
import {
  decideCurrentEstablishment,
  readRememberedEstablishment,
  rememberEstablishment,
} from '@/lib/current-establishment';
import { reportEstablishment } from './api/report-establishment';

/**
 * On load, the establishment remembered in this browser wins over the server's record when the user may
 * still act for it; otherwise the domain's fallback decides (spec section 4 Employment). A choice that
 * differs from the server's is reported, and the decision is remembered here.
 */
export function useCurrentEstablishmentSync(): void {
  const queryClient = useQueryClient();
  const { data: profile } = useProfile();
  const email = profile?.email;
  const serverChoice = profile?.current_establishment ?? null;
  const decided =
    profile === undefined
      ? null
      : decideCurrentEstablishment(
          profile,
          readRememberedEstablishment(browserLocalStorage(), profile.email) ?? serverChoice,
        );

  useEffect(() => {
    if (email === undefined || decided === null) return;
    rememberEstablishment(browserLocalStorage(), email, decided);
    if (decided === serverChoice) return;
    // Shown at once: the remembered choice is the user's, whether or not the report gets through.
    queryClient.setQueryData<Profile>(profileQueryOptions().queryKey, (old) =>
      old === undefined ? old : { ...old, current_establishment: decided },
    );
    reportEstablishment(decided)
      .then((updated) => queryClient.setQueryData(profileQueryOptions().queryKey, updated))
      .catch((error: unknown) => {
        console.error('Could not report the current establishment to the server', error);
      });
  }, [email, decided, serverChoice, queryClient]);
}
