import type { Profile } from './profile-schemas.ts';

/**
 * Whether loading the profile makes the register call (section 4 Profile load flow: "If MFA is pending and
 * enabled, a register call is made. On 202, registration is marked complete."): registration unfinished,
 * two-step sign-in turned on (mfa_status) and still pending (pending_mfa: it was set up during the
 * registration that is not finished yet).
 */
export function registerCallNeeded(
  profile: Pick<Profile, 'registration_completed' | 'pending_mfa' | 'mfa_status'>,
): boolean {
  return !profile.registration_completed && profile.pending_mfa && profile.mfa_status;
}
