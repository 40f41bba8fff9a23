import { describe, expect, it } from 'vitest';
import { EMAIL_NOTIFICATION_FIELDS, type Profile } from '@referrals/domain/profile/profile-schemas';
import {
  firstIncompletePage,
  pageOfFirstError,
  professionalFieldsFor,
  subRoleChoices,
} from './registration-pages';

const employment = {
  id: 'e1',
  establishment: {
    id: 'est1',
    name: 'Harbourside Family Medical Practice',
    type: { value: 'GP', display: 'General practice' },
    state: 'NSW',
  },
  priority: 1,
  status: { value: 'UNVERIFIED', display: 'Unverified' },
  is_verified_employee: false,
  is_head_of_department: false,
  has_special_access: false,
  has_shared_inbox_access: false,
  has_shared_outbox_access: false,
  can_send_referral: true,
  is_account_holder: false,
  user_tag: null,
  user_tag_other: null,
};

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    email: 'new@example.test',
    title: 'DR',
    first_name: 'Ada',
    middle_name: null,
    last_name: 'Lovelace',
    dob: null,
    phone: null,
    ahpra_num: null,
    provider_num_list: [],
    default_provider_num: null,
    default_provider_num_type: null,
    qualification: null,
    linkedin: null,
    website: null,
    role: null,
    sub_role: null,
    profession: null,
    professional_association: null,
    member_number: null,
    no_ahpra_and_professional_association: false,
    specialties: [],
    employments: [],
    permissions: [],
    registration_completed: false,
    mfa_status: false,
    pending_mfa: false,
    session_expiry: null,
    current_establishment: null,
    user_type: 'provider',
    version: 1,
    signature_image: null,
    ...Object.fromEntries(EMAIL_NOTIFICATION_FIELDS.map((f) => [f, true])),
    ...overrides,
  } as Profile;
}

describe('firstIncompletePage', () => {
  it('starts a new user on personal details until a mobile number is saved', () => {
    expect(firstIncompletePage(profile())).toBe(0);
  });

  it('moves on to professional details, then the practice, signature and review', () => {
    const withPhone = profile({ phone: '0412 345 678' });
    expect(firstIncompletePage(withPhone)).toBe(1);
    const gp = { ...withPhone, role: { value: 'GP', display: 'General practitioner' } } as Profile;
    expect(firstIncompletePage(gp)).toBe(1);
    const registered = { ...gp, ahpra_num: 'MED0001234599' };
    expect(firstIncompletePage(registered)).toBe(2);
    const placed = { ...registered, employments: [employment] } as Profile;
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
