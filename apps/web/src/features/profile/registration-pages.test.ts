import { describe, expect, it } from 'vitest';
import { roles } from '@referrals/domain/people/people-codes';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import {
  firstIncompletePage,
  nextPage,
  pageOfFirstError,
  previousPage,
  professionalFieldsFor,
  registrationPagesFor,
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
    // Special access and notifications need nothing, so a user with every detail resumes at the review.
    expect(firstIncompletePage({ ...placed, signature_image: '/api/profile/signature-image/' })).toBe(6);
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
    expect(pageOfFirstError({ employment_id: ['Head of department and special access apply only…'] })).toBe(
      4,
    );
    expect(pageOfFirstError({ email_urgent_referral: ['Not a boolean.'] })).toBe(5);
    expect(pageOfFirstError({ detail: ['x'] })).toBeNull();
  });
});

describe('registrationPagesFor', () => {
  it('asks about special access only with an employment at a hospital or department', () => {
    const atPractice = profile({ employments: [employmentFixture('gp', 1, 'PR', 'UNVERIFIED')] });
    expect(registrationPagesFor(atPractice)).toEqual([0, 1, 2, 3, 5, 6]);
    const atHospital = profile({
      employments: [
        employmentFixture('gp', 1, 'PR', 'UNVERIFIED'),
        employmentFixture('ward', 2, 'DT', 'UNVERIFIED'),
      ],
    });
    expect(registrationPagesFor(atHospital)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // A closed employment at a hospital asks nothing.
    const left = profile({ employments: [employmentFixture('rhh', 2, 'HL', 'FINISHED')] });
    expect(registrationPagesFor(left)).toEqual([0, 1, 2, 3, 5, 6]);
  });

  it('steps over a page the user does not have, both ways', () => {
    const pages = registrationPagesFor(profile());
    expect(nextPage(pages, 3)).toBe(5);
    expect(previousPage(pages, 5)).toBe(3);
    expect(nextPage(pages, 6)).toBe(6);
    expect(previousPage(pages, 0)).toBe(0);
    expect(nextPage([0, 1, 2, 3, 4, 5, 6], 3)).toBe(4);
  });
});

describe('professional fields', () => {
  it('offers sub-roles per role, and AHPRA as optional for allied health and other clinicians', () => {
    expect(subRoleChoices('PM', ['AC', 'OM'])).toEqual(['AC', 'OM']);
    expect(subRoleChoices('SP', ['AC'])).toEqual([]);
    for (const subRole of ['AH', 'OC'] as const) {
      expect(professionalFieldsFor('GPP', subRole)).toMatchObject({ ahpra: true, ahpraRequired: false });
    }
    expect(professionalFieldsFor('GPP', 'AH')).toMatchObject({ professionRequired: true });
    expect(professionalFieldsFor('GPP', 'NM')).toMatchObject({ ahpra: true, ahpraRequired: true });
    expect(professionalFieldsFor('PM', 'OM')).toMatchObject({ ahpra: false, ahpraRequired: false });
    expect(professionalFieldsFor('GP', null)).toMatchObject({ ahpra: true, specialties: true });
    expect(professionalFieldsFor('GP', 'GD')).toMatchObject({ specialties: false, profession: false });
  });
});
