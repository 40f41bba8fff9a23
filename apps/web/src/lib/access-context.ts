import type { FeatureFlags } from '@referrals/domain/feature-flags';
import type { AccessContext } from '@referrals/domain/people/access-rules';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { useProfile } from './auth/get-profile';
import { currentEmployment } from './profile-display';
import { getRuntimeConfig } from './runtime-config';

/**
 * The section 6 rules' input for the signed-in user, built one way for every screen: role and sub-role
 * from the profile, the permissions the profile carries for the current establishment, the current
 * employment and its establishment's type, and the flags the rules read.
 */
export function accessContextOf(
  profile: Profile,
  flags: Pick<FeatureFlags, 'friendlyForwarding' | 'gpReportsInbox'>,
): AccessContext {
  const employment = currentEmployment(profile) ?? null;
  return {
    role: profile.role,
    sub_role: profile.sub_role,
    permissions: profile.permissions,
    establishmentType: employment?.establishment.type ?? null,
    employment,
    flags: { friendlyForwarding: flags.friendlyForwarding, gpReportsInbox: flags.gpReportsInbox },
    accountType: profile.user_type,
  };
}

/** The access context of the signed-in user, or undefined before the profile has loaded. */
export function useAccessContext(): AccessContext | undefined {
  const { data: profile } = useProfile();
  return profile === undefined ? undefined : accessContextOf(profile, getRuntimeConfig().flags);
}
