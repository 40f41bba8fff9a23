import { UNVERIFIED_EMPLOYMENT_COOKIE_DAYS } from '@referrals/domain/constants';
import type { Employment } from '@referrals/domain/profile/profile-schemas';

/** The cookie that marks this device's user as working under an unverified employment (section 6 Rules). */
export const UNVERIFIED_EMPLOYMENT_COOKIE = 'referrals_unverified_employment';

/**
 * Sets the 365-day marker while the current employment is unverified, naming its establishment, and
 * removes it once the employment is verified or gone, so the marker never outlives what it says.
 */
export function syncUnverifiedEmploymentMarker(
  current: Pick<Employment, 'status' | 'establishment'> | undefined,
): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  if (current?.status.value === 'UNVERIFIED') {
    const maxAge = UNVERIFIED_EMPLOYMENT_COOKIE_DAYS * 24 * 60 * 60;
    document.cookie = `${UNVERIFIED_EMPLOYMENT_COOKIE}=${encodeURIComponent(current.establishment.id)}; Max-Age=${maxAge}; Path=/; SameSite=Strict${secure}`;
  } else if (document.cookie.includes(`${UNVERIFIED_EMPLOYMENT_COOKIE}=`)) {
    document.cookie = `${UNVERIFIED_EMPLOYMENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict${secure}`;
  }
}
