import { describe, expect, it } from 'vitest';
import { roles } from '@referrals/domain/people/people-codes';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import {
  firstIncompletePage,
  pageOfFirstError,
  professionalFieldsFor,
  subRoleChoices,
} from './registration-pages';

const profile = profileFixture;

describe('firstIncompletePage', () => {
  it('starts a new user on personal details until a mobile number is saved', () => {
    expect(firstIncompletePage(profile())).toBe(0);
  });

  it('moves on to professional details, then the practice, signature and review', () => {
    const withPhone = profile({ phone: '0412 345 678' });
    expect(firstIncompletePage(withPhone)).toBe(1);
    const gp: Profile = { ...withPhone, role: roles.coded('GP') };
    expect(firstIncompletePage(gp)).toBe(1);
    const registered = { ...gp, ahpra_num: 'MED0001234599' };
    expect(firstIncompletePage(registered)).toBe(2);
    const placed: Profile = {
      ...registered,
      employments: [employmentFixture('est1', 1, 'PR', 'UNVERIFIED')],
    };
    expect(firstIncompletePage(placed)).toBe(3);
    expect(firstIncompletePage({ ...placed, signature_image: '/api/profile/signature-image/' })).toBe(4);
  });

  it('keeps a specialist in training on page 1 until a profession is saved', () => {
    const spt = profile({
      phone: '0412345678',
      role: { value: 'SPT', display: 'Specialist in training' },
      ahpra_num: 'MED0001234599',
    });
    expect(firstIncompletePage(spt)).toBe(1);
    expect(firstIncompletePage({ ...spt, profession: 'Cardiology' })).toBe(2);
  });
});

describe('pageOfFirstError', () => {
  it('finds the page of the register call errors', () => {
    expect(pageOfFirstError({ practices: ['Not selected'], ahpra_num: ['This field is required.'] })).toBe(1);
    expect(pageOfFirstError({ practices: ['Not selected'] })).toBe(2);
    expect(pageOfFirstError({ detail: ['x'] })).toBeNull();
  });
});

describe('professional fields', () => {
  it('offers sub-roles per role and hides AHPRA for allied health', () => {
    expect(subRoleChoices('PM', ['AC', 'OM'])).toEqual(['AC', 'OM']);
    expect(subRoleChoices('SP', ['AC'])).toEqual([]);
    expect(professionalFieldsFor('GPP', 'AH')).toMatchObject({ ahpra: false, professionRequired: true });
    expect(professionalFieldsFor('GP', null)).toMatchObject({ ahpra: true, specialties: true });
    expect(professionalFieldsFor('GP', 'GD')).toMatchObject({ specialties: false, profession: false });
  });
});
