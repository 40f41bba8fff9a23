import { personName } from '@referrals/domain/people/person-name';
import { layoutThemeFor, type LayoutTheme } from '@referrals/domain/theme';
import type { Employment, Profile } from '@referrals/domain/profile/profile-schemas';
import { decideCurrentEstablishment } from './current-establishment';

/** The name as the app shows it: title, first and last name, e.g. "Dr Sarah Mitchell". */
export function profileDisplayName(profile: Pick<Profile, 'title' | 'first_name' | 'last_name'>): string {
  return personName(profile);
}

/** Initials for the avatar, e.g. "SM". */
export function profileInitials(profile: Pick<Profile, 'first_name' | 'last_name'>): string {
  return `${profile.first_name.trim().charAt(0)}${profile.last_name.trim().charAt(0)}`.toUpperCase();
}

/**
 * The employment at the current establishment: the profile's own choice when the user may still act for
 * it, else the primary, secondary, then professional one they may act for (spec section 4 Employment), the
 * same choice the server's caller makes.
 */
export function currentEmployment(
  profile: Pick<Profile, 'role' | 'employments' | 'current_establishment'>,
): Employment | undefined {
  const id = decideCurrentEstablishment(profile, profile.current_establishment);
  return id === null ? undefined : profile.employments.find((e) => e.establishment.id === id);
}

/**
 * The layout theme of a signed-in user: from the role and the current establishment's type (spec
 * section 6 Rules); green before anyone is signed in.
 */
export function profileLayoutTheme(
  profile: Pick<Profile, 'role' | 'employments' | 'current_establishment'> | undefined,
): LayoutTheme {
  if (profile === undefined) return layoutThemeFor(null);
  return layoutThemeFor({
    role: profile.role?.value,
    establishmentType: currentEmployment(profile)?.establishment.type.value,
  });
}
