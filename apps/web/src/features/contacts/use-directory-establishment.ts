import { useProfile } from '@/lib/auth/get-profile';
import { currentEmployment } from '@/lib/profile-display';

/**
 * The establishment whose directory the Contacts screens show: the current one (section 4 Employment).
 * Undefined while the profile loads; null when the user may act for no establishment.
 */
export function useDirectoryEstablishment(): { id: string; name: string } | null | undefined {
  const { data: profile } = useProfile();
  if (profile === undefined) return undefined;
  const employment = currentEmployment(profile);
  return employment === undefined
    ? null
    : { id: employment.establishment.id, name: employment.establishment.name };
}
