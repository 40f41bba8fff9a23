import {
  canAccessEstablishment,
  currentEstablishmentFallback,
} from '@referrals/domain/profile/profile-save-rules';
import type { Employment, Profile } from '@referrals/domain/profile/profile-schemas';

/**
 * The current establishment (spec section 4 Employment): remembered locally, reported to the server, and
 * decided on load by the domain's fallback among the establishments the user may act for, exactly as the
 * server's caller decides it, so the screen and the API agree on where the user is.
 */

const STORAGE_KEY = 'referrals.current-establishment';

type Remembered = { email: string; establishment_id: string };

function isRemembered(value: unknown): value is Remembered {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Remembered).email === 'string' &&
    typeof (value as Remembered).establishment_id === 'string'
  );
}

/**
 * The establishment this browser last chose for the user. Kept with the email, so a colleague signing in on
 * the same computer does not inherit it.
 */
export function readRememberedEstablishment(storage: Storage | undefined, email: string): string | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    return isRemembered(parsed) && parsed.email === email ? parsed.establishment_id : null;
  } catch {
    return null;
  }
}

export function rememberEstablishment(
  storage: Storage | undefined,
  email: string,
  establishmentId: string,
): void {
  const value: Remembered = { email, establishment_id: establishmentId };
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // A full or blocked storage only means the choice is not remembered across reloads.
  }
}

/** The employments the user may act for: personal always, others by role and status (section 4). */
export function accessibleEmployments(profile: Pick<Profile, 'role' | 'employments'>): Employment[] {
  return profile.employments.filter((employment) => canAccessEstablishment(profile.role, employment));
}

/**
 * The current establishment's id: the preferred one (remembered here, else the server's) when the user may
 * act for it, else the primary, secondary, then professional one they may act for; null when none.
 */
export function decideCurrentEstablishment(
  profile: Pick<Profile, 'role' | 'employments'>,
  preferred: string | null | undefined,
): string | null {
  return currentEstablishmentFallback(accessibleEmployments(profile), preferred);
}
