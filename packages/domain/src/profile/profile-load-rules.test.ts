import { describe, expect, it } from 'vitest';
import { registerCallNeeded } from './profile-load-rules.ts';

describe('registerCallNeeded (section 4 Profile load flow)', () => {
  it('makes the register call when MFA is pending and enabled on an unfinished registration', () => {
    expect(registerCallNeeded({ registration_completed: false, pending_mfa: true, mfa_status: true })).toBe(
      true,
    );
  });

  it('does not while MFA is only being enrolled, is off, or registration is complete', () => {
    expect(registerCallNeeded({ registration_completed: false, pending_mfa: true, mfa_status: false })).toBe(
      false,
    );
    expect(registerCallNeeded({ registration_completed: false, pending_mfa: false, mfa_status: true })).toBe(
      false,
    );
    expect(registerCallNeeded({ registration_completed: true, pending_mfa: true, mfa_status: true })).toBe(
      false,
    );
  });
});
