import { roles } from '@referrals/domain/people/people-codes';
import { describe, expect, it } from 'vitest';
import { accessContextOf } from './access-context';
import { employmentFixture, profileFixture } from './profile-fixtures';

const flags = { friendlyForwarding: true, gpReportsInbox: false };

describe('accessContextOf', () => {
  it('takes the role, permissions, current employment and its establishment type from the profile', () => {
    const clinic = employmentFixture('clinic', 2, 'CL');
    const profile = profileFixture({
      role: roles.coded('PM'),
      sub_role: 'OM',
      permissions: ['accept_referral'],
      employments: [employmentFixture('practice', 1, 'PR'), clinic],
      current_establishment: 'clinic',
    });
    expect(accessContextOf(profile, flags)).toEqual({
      role: roles.coded('PM'),
      sub_role: 'OM',
      permissions: ['accept_referral'],
      establishmentType: clinic.establishment.type,
      employment: clinic,
      flags,
      accountType: 'provider',
    });
  });

  it('has no employment or establishment type before the user works anywhere', () => {
    const context = accessContextOf(profileFixture({ role: roles.coded('GP') }), flags);
    expect(context.employment).toBeNull();
    expect(context.establishmentType).toBeNull();
  });
});
