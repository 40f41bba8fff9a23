import { REQUIRED_MESSAGE } from '../field-messages.ts';
import { describe, expect, it } from 'vitest';
import { AHPRA_NUMBER_MESSAGE } from '../identifiers/ahpra.ts';
import { PROVIDER_NUMBER_MESSAGE } from '../identifiers/medicare-provider-number.ts';
import {
  EMAIL_NOTIFICATION_FIELDS,
  PHONE_MESSAGE,
  ProfileSchema,
  ProfileUpdateSchema,
  SESSION_EXPIRY_MESSAGE,
  defaultProviderNumTypes,
  isAustralianPhoneNumber,
  type Profile,
} from './profile-schemas.ts';

function notificationFlags(value: boolean) {
  return Object.fromEntries(EMAIL_NOTIFICATION_FIELDS.map((field) => [field, value]));
}

function profileBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: 'amelia.nguyen@harbourside.example',
    email_verified: true,
    title: 'DR',
    first_name: 'Amelia',
    middle_name: null,
    last_name: 'Nguyen',
    dob: '1980-04-12',
    phone: '0412 345 678',
    ahpra_num: 'MED0001234567',
    provider_num_list: ['2426621B'],
    default_provider_num: '2426621B',
    default_provider_num_type: 'PROVIDER_NUMBER',
    qualification: 'MBBS FRACGP',
    linkedin: null,
    website: null,
    role: { value: 'GP', display: 'General practitioner' },
    sub_role: null,
    profession: null,
    professional_association: null,
    member_number: null,
    no_ahpra_and_professional_association: false,
    specialties: [{ id: 's1', priority: 1, practice: 'MEDICAL', field: 'Cardiology' }],
    employments: [
      {
        id: 'e1',
        establishment: {
          id: 'est1',
          name: 'Harbourside Medical Centre',
          type: { value: 'PR', display: 'General practice' },
          state: 'NSW',
        },
        priority: 1,
        status: { value: 'APPROVED', display: 'Approved' },
        is_verified_employee: true,
        is_head_of_department: false,
        has_special_access: false,
        has_shared_inbox_access: true,
        has_shared_outbox_access: true,
        can_send_referral: true,
        is_account_holder: false,
        head_of_department_requested: false,
        special_access_requested: false,
        user_tag: null,
        user_tag_other: null,
        actioned_by: { value: 'ESTABLISHMENT', display: 'Establishment' },
      },
    ],
    connections: [
      {
        id: 'u2',
        title: 'DR',
        first_name: 'James',
        last_name: 'Chen',
        role: { value: 'SP', display: 'Specialist' },
        establishments: [{ id: 'est1', name: 'Harbourside Medical Centre' }],
      },
    ],
    permissions: ['manage_referral', 'add_referral'],
    is_platform_admin: false,
    registration_completed: true,
    mfa_status: false,
    pending_mfa: false,
    session_expiry: null,
    current_establishment: 'est1',
    user_type: 'provider',
    ...notificationFlags(true),
    version: 3,
    ...overrides,
  };
}

describe('ProfileSchema (GET profile/, section 3 Profile / user)', () => {
  it('accepts a full profile and keeps the spec field names', () => {
    const profile: Profile = ProfileSchema.parse(profileBody());
    expect(profile.role).toEqual({ value: 'GP', display: 'General practitioner' });
    expect(profile.employments[0]?.establishment.type.value).toBe('PR');
    expect(profile.email_sent_for_viewed_report).toBe(true);
    expect(Object.keys(ProfileSchema.shape)).toEqual(expect.arrayContaining([...EMAIL_NOTIFICATION_FIELDS]));
  });

  it('has the fourteen email notification flags of section 3', () => {
    expect(EMAIL_NOTIFICATION_FIELDS).toHaveLength(14);
    const withoutFlag = profileBody();
    delete withoutFlag.email_referral_renewal_due;
    expect(ProfileSchema.safeParse(withoutFlag).success).toBe(false);
  });

  it('allows a missing role for patients and rejects unknown codes', () => {
    expect(ProfileSchema.safeParse(profileBody({ role: null, user_type: 'patient' })).success).toBe(true);
    expect(ProfileSchema.safeParse(profileBody({ role: { value: 'XX', display: 'X' } })).success).toBe(false);
    expect(ProfileSchema.safeParse(profileBody({ user_type: 'HCP' })).success).toBe(false);
    expect(ProfileSchema.safeParse(profileBody({ permissions: ['delete_everything'] })).success).toBe(false);
  });

  it('holds employment priorities 1 to 3 and coded statuses only', () => {
    const employment = (profileBody().employments as Record<string, unknown>[])[0];
    const withPriority = (priority: number) => profileBody({ employments: [{ ...employment, priority }] });
    expect(ProfileSchema.safeParse(withPriority(3)).success).toBe(true);
    expect(ProfileSchema.safeParse(withPriority(4)).success).toBe(false);
    const bareStatus = profileBody({ employments: [{ ...employment, status: 'APPROVED' }] });
    expect(ProfileSchema.safeParse(bareStatus).success).toBe(false);
  });

  it('names the provider-number list choices', () => {
    expect(defaultProviderNumTypes.codes).toEqual(['EMPTY', 'NOT_APPLICABLE', 'PROVIDER_NUMBER']);
    expect(defaultProviderNumTypes.display('EMPTY')).toBe('Please select');
    expect(defaultProviderNumTypes.display('NOT_APPLICABLE')).toBe('Not applicable');
  });
});

describe('Australian phone numbers', () => {
  it('accepts 0 and 9 digits or +61 and 9 digits, with spaces', () => {
    expect(isAustralianPhoneNumber('0412 345 678')).toBe(true);
    expect(isAustralianPhoneNumber('0412345678')).toBe(true);
    expect(isAustralianPhoneNumber('+61 412 345 678')).toBe(true);
    expect(isAustralianPhoneNumber('02 9810 4471')).toBe(true);
    expect(isAustralianPhoneNumber('(02) 9810 4471')).toBe(true);
  });

  it('rejects the wrong length, a missing prefix and +61 followed by 0', () => {
    expect(isAustralianPhoneNumber('0412 345 67')).toBe(false);
    expect(isAustralianPhoneNumber('0412 345 6789')).toBe(false);
    expect(isAustralianPhoneNumber('412 345 678')).toBe(false);
    expect(isAustralianPhoneNumber('+61 0412 345 678')).toBe(false);
    expect(isAustralianPhoneNumber('+64 412 345 678')).toBe(false);
    expect(isAustralianPhoneNumber('0012 345 678')).toBe(false);
    expect(isAustralianPhoneNumber('04a2 345 678')).toBe(false);
  });
});

describe('ProfileUpdateSchema (PUT and PATCH profile/, section 5 Profile save)', () => {
  function messages(body: Record<string, unknown>): Record<string, string[]> {
    const result = ProfileUpdateSchema.safeParse(body);
    const out: Record<string, string[]> = {};
    for (const issue of result.error?.issues ?? []) {
      const key = issue.path.join('.');
      out[key] = [...(out[key] ?? []), issue.message];
    }
    return out;
  }

  it('accepts an empty body: every field is optional', () => {
    expect(ProfileUpdateSchema.parse({})).toEqual({});
  });

  it('normalises identifiers and explains bad ones', () => {
    const parsed = ProfileUpdateSchema.parse({
      ahpra_num: 'med 0001234567',
      provider_num_list: ['2426621b'],
      new_provider_num: '242662 af',
    });
    expect(parsed.ahpra_num).toBe('MED0001234567');
    expect(parsed.provider_num_list).toEqual(['2426621B']);
    expect(parsed.new_provider_num).toBe('242662AF');
    expect(messages({ ahpra_num: 'MED12' })).toEqual({ ahpra_num: [AHPRA_NUMBER_MESSAGE] });
    expect(messages({ provider_num_list: ['2426621B', '2940975Y'] })).toEqual({
      'provider_num_list.1': [PROVIDER_NUMBER_MESSAGE],
    });
    expect(messages({ default_provider_num: '2940975Y' })).toEqual({
      default_provider_num: [PROVIDER_NUMBER_MESSAGE],
    });
    expect(messages({ new_provider_num: '2426621' })).toEqual({
      new_provider_num: [PROVIDER_NUMBER_MESSAGE],
    });
  });

  it('lets clearable fields be emptied with an empty string or null', () => {
    const cleared = { ahpra_num: '', default_provider_num: null, phone: '', dob: '', sub_role: '' };
    expect(ProfileUpdateSchema.parse(cleared)).toEqual(cleared);
  });

  it('requires first and last name when sent', () => {
    expect(messages({ first_name: '  ', last_name: '' })).toEqual({
      first_name: [REQUIRED_MESSAGE],
      last_name: [REQUIRED_MESSAGE],
    });
    expect(REQUIRED_MESSAGE).toBe('This field is required.');
    expect(ProfileUpdateSchema.parse({ first_name: ' Amelia ' }).first_name).toBe('Amelia');
  });

  it('takes titles from the TITLES codes', () => {
    expect(ProfileUpdateSchema.parse({ title: 'PROF' }).title).toBe('PROF');
    expect(ProfileUpdateSchema.safeParse({ title: 'Doctor' }).success).toBe(false);
  });

  it('checks the phone number with the spec-style message', () => {
    expect(ProfileUpdateSchema.parse({ phone: ' 0412 345 678 ' }).phone).toBe('0412 345 678');
    expect(messages({ phone: '12345' })).toEqual({ phone: [PHONE_MESSAGE] });
    expect(PHONE_MESSAGE).toBe('Enter an Australian phone number, e.g. 0412 345 678.');
  });

  it('keeps session_expiry within 5 to 720 minutes, null meaning the default', () => {
    expect(ProfileUpdateSchema.parse({ session_expiry: 5 }).session_expiry).toBe(5);
    expect(ProfileUpdateSchema.parse({ session_expiry: 720 }).session_expiry).toBe(720);
    expect(ProfileUpdateSchema.parse({ session_expiry: null }).session_expiry).toBeNull();
    expect(messages({ session_expiry: 4 })).toEqual({ session_expiry: [SESSION_EXPIRY_MESSAGE] });
    expect(messages({ session_expiry: 721 })).toEqual({ session_expiry: [SESSION_EXPIRY_MESSAGE] });
    expect(messages({ session_expiry: 30.5 })).toEqual({ session_expiry: [SESSION_EXPIRY_MESSAGE] });
  });

  it('takes new specialties without an id and needs their practice', () => {
    const parsed = ProfileUpdateSchema.parse({
      specialties: [{ priority: 1, practice: 'MEDICAL', field: null }],
    });
    expect(parsed.specialties).toEqual([{ priority: 1, practice: 'MEDICAL', field: null }]);
    expect(messages({ specialties: [{ priority: 1, practice: '', field: null }] })).toEqual({
      'specialties.0.practice': [REQUIRED_MESSAGE],
    });
  });

  it('takes the email flags as booleans and a sub-role from the codes', () => {
    expect(ProfileUpdateSchema.parse({ email_my_report: false }).email_my_report).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ email_my_report: 'no' }).success).toBe(false);
    expect(ProfileUpdateSchema.parse({ sub_role: 'AH' }).sub_role).toBe('AH');
    expect(ProfileUpdateSchema.safeParse({ sub_role: 'XX' }).success).toBe(false);
  });
});
