import { REQUIRED_MESSAGE } from '../field-messages.ts';
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS } from '../feature-flags.ts';
import type { EmploymentStatus, Permission } from '../people/people-codes.ts';
import { EMAIL_NOTIFICATION_FIELDS, type ProfileUpdate } from './profile-schemas.ts';
import {
  AHPRA_TAKEN_MESSAGE,
  ahpraNeedFor,
  PRACTICE_NOT_SELECTED_MESSAGE,
  PROFESSION_REQUIRED_MESSAGE,
  allowedNotificationFields,
  canAccessEstablishment,
  currentEstablishmentFallback,
  orderEmployments,
  prepareProfileUpdate,
  registrationNeeded,
  validatePracticeChoice,
  validateProfileUpdate,
  type ProfileSaveCandidate,
  type ProfileSaveCurrent,
} from './profile-save-rules.ts';

const ALL_PERMISSIONS: Permission[] = [
  'manage_referral',
  'add_referral',
  'accept_referral',
  'administer_referral',
];

function current(overrides: Partial<ProfileSaveCurrent> = {}): ProfileSaveCurrent {
  return {
    role: { value: 'PM', display: 'Practice manager' },
    sub_role: null,
    provider_num_list: ['2426621B', '2940975J'],
    default_provider_num_type: 'PROVIDER_NUMBER',
    ...overrides,
  };
}

function prepare(
  update: ProfileUpdate,
  base: Partial<ProfileSaveCurrent> = {},
  permissions = ALL_PERMISSIONS,
) {
  return prepareProfileUpdate(current(base), update, { permissions, flags: { ...FEATURE_FLAG_DEFAULTS } });
}

describe('prepareProfileUpdate: provider numbers (section 5 Profile save)', () => {
  it("saves 'Please select' (EMPTY) with no default number and keeps the list", () => {
    expect(prepare({ default_provider_num_type: 'EMPTY', default_provider_num: '2426621B' })).toEqual({
      provider_num_list: ['2426621B', '2940975J'],
      default_provider_num: null,
      default_provider_num_type: 'EMPTY',
    });
  });

  it("saves 'Not applicable' (NOT_APPLICABLE) with no default number", () => {
    const prepared = prepare({
      default_provider_num_type: 'NOT_APPLICABLE',
      provider_num_list: ['2426621B'],
    });
    expect(prepared.default_provider_num).toBeNull();
    expect(prepared.default_provider_num_type).toBe('NOT_APPLICABLE');
    expect(prepared.provider_num_list).toEqual(['2426621B']);
  });

  it('otherwise makes the first number the default, moving a chosen number first', () => {
    expect(prepare({ provider_num_list: ['2940975J', '2426621B'] })).toMatchObject({
      provider_num_list: ['2940975J', '2426621B'],
      default_provider_num: '2940975J',
      default_provider_num_type: 'PROVIDER_NUMBER',
    });
    expect(
      prepare({ default_provider_num: '2940975J', default_provider_num_type: 'PROVIDER_NUMBER' }),
    ).toEqual({
      provider_num_list: ['2940975J', '2426621B'],
      default_provider_num: '2940975J',
      default_provider_num_type: 'PROVIDER_NUMBER',
    });
  });

  it('puts a new provider number first and makes it the default, whatever the choice was', () => {
    expect(prepare({ new_provider_num: '242662af', default_provider_num_type: 'NOT_APPLICABLE' })).toEqual({
      provider_num_list: ['242662AF', '2426621B', '2940975J'],
      default_provider_num: '242662AF',
      default_provider_num_type: 'PROVIDER_NUMBER',
    });
    const again = prepare({ new_provider_num: '2940975J' });
    expect(again.provider_num_list).toEqual(['2940975J', '2426621B']);
    expect(again).not.toHaveProperty('new_provider_num');
  });

  it('keeps a list choice of EMPTY or NOT_APPLICABLE when only the list changes', () => {
    const prepared = prepare(
      { provider_num_list: ['2426621B'] },
      { default_provider_num_type: 'NOT_APPLICABLE' },
    );
    expect(prepared.default_provider_num).toBeNull();
    expect(prepared.default_provider_num_type).toBe('NOT_APPLICABLE');
  });

  it('falls back to EMPTY when a number is chosen from an empty list', () => {
    expect(prepare({ provider_num_list: [], default_provider_num_type: 'PROVIDER_NUMBER' })).toEqual({
      provider_num_list: [],
      default_provider_num: null,
      default_provider_num_type: 'EMPTY',
    });
  });

  it('leaves provider numbers alone when the update does not touch them', () => {
    const prepared = prepare({ first_name: 'Amelia', new_provider_num: '' });
    expect(prepared).toEqual({ first_name: 'Amelia' });
  });
});

describe('prepareProfileUpdate: role and sub-role rules (section 5 Profile save and Other messages)', () => {
  it('turns empty strings into null', () => {
    const prepared = prepare(
      { middle_name: '', qualification: '  ', linkedin: '', website: 'https://a.example' },
      {
        role: 'PM',
      },
    );
    expect(prepared).toEqual({
      middle_name: null,
      qualification: null,
      linkedin: null,
      website: 'https://a.example',
    });
  });

  it('drops profession for SP or GP with no sub-role and for sub-role GD', () => {
    expect(prepare({ profession: 'Psychology' }, { role: 'SP' }).profession).toBeNull();
    expect(prepare({ profession: 'Psychology' }, { role: 'GP' }).profession).toBeNull();
    expect(prepare({ profession: 'Psychology', sub_role: 'GD' }, { role: 'GPP' }).profession).toBeNull();
    expect(
      prepare({ profession: 'Psychology', sub_role: '' }, { role: 'GP', sub_role: 'AH' }).profession,
    ).toBeNull();
  });

  it('applies the rules to a role chosen in the same save, as on registration page 1', () => {
    expect(prepare({ profession: 'Psychology', role: 'SP' }, { role: null }).profession).toBeNull();
    expect(prepare({ profession: 'Psychology', role: 'GPP' }, { role: 'SP' }).profession).toBe('Psychology');
  });

  it('keeps profession for other roles and for SP or GP with a sub-role', () => {
    expect(prepare({ profession: 'Psychology' }, { role: 'GPP' }).profession).toBe('Psychology');
    expect(prepare({ profession: 'Psychology' }, { role: 'SP', sub_role: 'NM' }).profession).toBe(
      'Psychology',
    );
    expect(prepare({ profession: 'Psychology', sub_role: 'AH' }, { role: 'GP' }).profession).toBe(
      'Psychology',
    );
  });

  it('saves specialties only for SP or GP roles with an empty sub-role', () => {
    const specialties = [{ priority: 1, practice: 'MEDICAL', field: 'Cardiology' }];
    expect(prepare({ specialties }, { role: 'SP' }).specialties).toEqual(specialties);
    expect(prepare({ specialties }, { role: 'GP' }).specialties).toEqual(specialties);
    expect(prepare({ specialties, sub_role: '' }, { role: 'GP', sub_role: 'GD' }).specialties).toEqual(
      specialties,
    );
    expect(prepare({ specialties }, { role: 'GP', sub_role: 'GD' })).not.toHaveProperty('specialties');
    expect(prepare({ specialties }, { role: 'SPT' })).not.toHaveProperty('specialties');
    expect(prepare({ specialties }, { role: 'PM' })).not.toHaveProperty('specialties');
    expect(prepare({ specialties }, { role: null })).not.toHaveProperty('specialties');
  });

  it('keeps the AHPRA number, association and member number of allied health and other clinicians who give them', () => {
    const registration = {
      ahpra_num: 'PSY0001234567',
      professional_association: 'APS',
      member_number: '123',
    };
    for (const sub_role of ['AH', 'OC'] as const) {
      expect(prepare({ ...registration, sub_role }, { role: 'GPP' })).toMatchObject(registration);
    }
    expect(prepare(registration, { role: 'GPP', sub_role: 'OC' })).toMatchObject(registration);
  });
});

describe('prepareProfileUpdate: notification flags by permission (section 5 Profile save)', () => {
  const everyFlagOn = Object.fromEntries(EMAIL_NOTIFICATION_FIELDS.map((f) => [f, true])) as ProfileUpdate;
  const sentFlags = (permissions: Permission[]) =>
    Object.keys(prepare(everyFlagOn, { role: 'PM' }, permissions)).filter((k) => k.startsWith('email_'));

  const SENDER_FLAGS = [
    'email_referral_viewed',
    'email_referral_accepted',
    'email_referral_waitlisted',
    'email_referral_scheduled',
    'email_referral_returned',
    'email_referral_renewal_due',
  ];
  const RECEIVER_FLAGS = [
    'email_referral_received',
    'email_referral_appointment_due',
    'email_referral_pending_review',
    'email_referral_pending_action',
    'email_urgent_referral',
    'email_my_referral',
    'email_my_report',
    'email_sent_for_viewed_report',
  ];

  it('keeps viewed, accepted, waitlisted, scheduled, returned and renewal due for manage_referral or add_referral', () => {
    expect(sentFlags(['manage_referral']).sort()).toEqual([...SENDER_FLAGS].sort());
    expect(sentFlags(['add_referral']).sort()).toEqual([...SENDER_FLAGS].sort());
  });

  it('keeps received, appointment due, pending review and action, urgent, my referral, my report and sent for viewed report for accept_referral', () => {
    expect(sentFlags(['accept_referral']).sort()).toEqual([...RECEIVER_FLAGS].sort());
  });

  it('keeps referral accepted for administer_referral', () => {
    expect(sentFlags(['administer_referral'])).toEqual(['email_referral_accepted']);
  });

  it('keeps every flag with every permission and none with none', () => {
    expect(sentFlags(ALL_PERMISSIONS)).toHaveLength(14);
    expect(sentFlags([])).toEqual([]);
    expect(allowedNotificationFields([])).toEqual([]);
  });

  const notificationFlags = (prepared: object) =>
    Object.fromEntries(Object.entries(prepared).filter(([key]) => key.startsWith('email_')));

  it('starts a profile getting the PA role from its defaults, whatever its permissions, with flags it sends winning', () => {
    const flags = notificationFlags(prepare({ role: 'PA' }, { role: null }, []));
    expect(flags).toMatchObject({
      email_my_referral: false,
      email_urgent_referral: true,
      email_my_report: false,
    });
    expect(Object.keys(flags)).toHaveLength(14);
    expect(
      notificationFlags(
        prepare({ role: 'PA', email_urgent_referral: false }, { role: null }, ALL_PERMISSIONS),
      ),
    ).toMatchObject({ email_urgent_referral: false });
  });

  it('starts another new role with every flag off, and leaves the flags alone when the role stays', () => {
    expect(Object.values(notificationFlags(prepare({ role: 'GP' }, { role: 'PA' }, [])))).toEqual(
      Array(14).fill(false),
    );
    expect(notificationFlags(prepare({ role: 'PA' }, { role: 'PA' }, []))).toEqual({});
    expect(notificationFlags(prepare({ first_name: 'Ana' }, { role: null }, []))).toEqual({});
  });
});

describe('validateProfileUpdate (section 5 Other messages and Profile save)', () => {
  const flagOff = { providerNumberRequired: false };
  const flagOn = { providerNumberRequired: true };
  function candidate(overrides: Partial<ProfileSaveCandidate> = {}): ProfileSaveCandidate {
    return {
      role: { value: 'GP', display: 'General practitioner' },
      sub_role: null,
      first_name: 'Amelia',
      last_name: 'Nguyen',
      profession: null,
      ahpra_num: 'MED0001234567',
      default_provider_num: '2426621B',
      default_provider_num_type: 'PROVIDER_NUMBER',
      ...overrides,
    };
  }
  const validate = (overrides: Partial<ProfileSaveCandidate>, flags = flagOff, ahpraTaken = false) =>
    validateProfileUpdate(candidate(overrides), { flags, ahpraTaken });

  it('passes a complete profile', () => {
    expect(validate({})).toEqual({});
  });

  it("requires first and last name with 'This field is required.'", () => {
    expect(validate({ first_name: '', last_name: null })).toEqual({
      first_name: [REQUIRED_MESSAGE],
      last_name: [REQUIRED_MESSAGE],
    });
    expect(validate({ first_name: '   ' }).first_name).toEqual(['This field is required.']);
  });

  it('requires profession, with no full stop, for sub-roles AH and NM and role SPT', () => {
    expect(PROFESSION_REQUIRED_MESSAGE).toBe('This field is required');
    expect(validate({ sub_role: 'AH' })).toEqual({ profession: ['This field is required'] });
    expect(validate({ sub_role: 'NM', profession: '' })).toEqual({ profession: ['This field is required'] });
    expect(validate({ role: 'SPT' })).toEqual({ profession: ['This field is required'] });
    expect(validate({ role: { value: 'SPT', display: 'Specialist in training' } })).toHaveProperty(
      'profession',
    );
    expect(validate({ sub_role: 'AH', profession: 'Physiotherapy' })).toEqual({});
    expect(validate({ sub_role: 'OC' })).toEqual({});
    expect(validate({ role: 'SP' })).toEqual({});
  });

  it('reports an AHPRA number registered with another account', () => {
    expect(AHPRA_TAKEN_MESSAGE).toBe('This AHPRA number has already been registered with another account.');
    expect(validate({}, flagOff, true)).toEqual({ ahpra_num: [AHPRA_TAKEN_MESSAGE] });
    expect(validate({ ahpra_num: null }, flagOff, true)).toEqual({});
  });

  it('requires an AHPRA number where ahpraNeedFor does, when the save sets the role, sub-role or number', () => {
    const required = { ahpra_num: [REQUIRED_MESSAGE] };
    const withUpdate = (overrides: Partial<ProfileSaveCandidate>, update: object) =>
      validateProfileUpdate(candidate(overrides), { flags: flagOff, ahpraTaken: false, update });
    expect(withUpdate({ ahpra_num: null }, { ahpra_num: '' })).toEqual(required);
    expect(withUpdate({ role: 'SP', ahpra_num: null }, { role: 'SP' })).toEqual(required);
    expect(
      withUpdate({ role: 'GPP', sub_role: 'NM', profession: 'x', ahpra_num: '' }, { sub_role: 'NM' }),
    ).toEqual(required);
    expect(
      withUpdate({ role: 'GPP', sub_role: 'AH', profession: 'x', ahpra_num: null }, { sub_role: 'AH' }),
    ).toEqual({});
    expect(withUpdate({ role: 'PA', ahpra_num: null }, { role: 'PA' })).toEqual({});
    // A save of other fields does not ask again, so a profile without one can still change its phone.
    expect(withUpdate({ ahpra_num: null }, {})).toEqual({});
    expect(validate({ ahpra_num: null })).toEqual({});
  });

  it('requires a provider number for GP, GPP, SP and SPT when the flag is on, unless Not applicable', () => {
    const none = { default_provider_num: null, default_provider_num_type: 'EMPTY' as const, profession: 'x' };
    for (const role of ['GP', 'GPP', 'SP', 'SPT'] as const) {
      expect(validate({ ...none, role }, flagOn)).toEqual({ default_provider_num: [REQUIRED_MESSAGE] });
    }
    expect(validate({ ...none, role: 'PM' }, flagOn)).toEqual({});
    expect(validate({ ...none, role: 'PA' }, flagOn)).toEqual({});
    expect(validate(none, flagOff)).toEqual({});
    expect(validate({ ...none, default_provider_num_type: 'NOT_APPLICABLE' }, flagOn)).toEqual({});
    expect(validate({}, flagOn)).toEqual({});
  });
});

describe('ahpraNeedFor (section 5 Profile save and Other messages)', () => {
  it('requires a number of GP, GPP, SP and SPT, nurse managers and GP sub-role GD included', () => {
    for (const role of ['GP', 'GPP', 'SP', 'SPT'] as const) expect(ahpraNeedFor(role, null)).toBe('required');
    expect(ahpraNeedFor('GPP', 'NM')).toBe('required');
    expect(ahpraNeedFor({ value: 'GP', display: 'General practitioner' }, 'GD')).toBe('required');
  });

  it('makes it optional for allied health and other clinicians', () => {
    expect(ahpraNeedFor('GPP', 'AH')).toBe('optional');
    expect(ahpraNeedFor('GPP', 'OC')).toBe('optional');
  });

  it('does not ask practice managers, administrators or a profile without a role', () => {
    expect(ahpraNeedFor('PM', 'OM')).toBe('not-asked');
    expect(ahpraNeedFor('PA', null)).toBe('not-asked');
    expect(ahpraNeedFor(null, '')).toBe('not-asked');
  });
});

describe('validatePracticeChoice (section 5 Other messages: registration step 2)', () => {
  it("answers {practices: ['Not selected']} when no practice is chosen", () => {
    expect(PRACTICE_NOT_SELECTED_MESSAGE).toBe('Not selected');
    expect(validatePracticeChoice([])).toEqual({ practices: ['Not selected'] });
    expect(validatePracticeChoice(null)).toEqual({ practices: ['Not selected'] });
    expect(validatePracticeChoice([''])).toEqual({ practices: ['Not selected'] });
    expect(validatePracticeChoice(['est1'])).toEqual({});
  });
});

describe('profile load (section 4 Profile load flow and Employment)', () => {
  it('flags registrationNeeded while registration is incomplete', () => {
    expect(registrationNeeded({ registration_completed: false })).toBe(true);
    expect(registrationNeeded({ registration_completed: true })).toBe(false);
  });

  it('swaps the first two employments when the first has priority 2', () => {
    const secondary = { id: 'b', priority: 2 };
    const primary = { id: 'a', priority: 1 };
    const personal = { id: 'c', priority: 3 };
    const input = [secondary, primary, personal];
    expect(orderEmployments(input)).toEqual([primary, secondary, personal]);
    expect(input[0]).toBe(secondary);
    expect(orderEmployments([primary, secondary])).toEqual([primary, secondary]);
    expect(orderEmployments([secondary, personal])).toEqual([personal, secondary]);
    expect(orderEmployments([secondary])).toEqual([secondary]);
    expect(orderEmployments([])).toEqual([]);
  });
});

describe('currentEstablishmentFallback (section 4 Employment)', () => {
  const at = (id: string, priority: number, status: string) => ({
    priority,
    status: { value: status, display: status },
    establishment: { id },
  });
  const primary = at('primary', 1, 'APPROVED');
  const secondary = at('secondary', 2, 'UNVERIFIED');
  const personal = at('personal', 3, 'APPROVED');

  it('keeps the remembered establishment when it is an active employment', () => {
    expect(currentEstablishmentFallback([primary, secondary, personal], 'secondary')).toBe('secondary');
    expect(currentEstablishmentFallback([primary, at('requested', 2, 'REQUESTED')], 'requested')).toBe(
      'requested',
    );
  });

  it('falls back to primary, then secondary, then professional', () => {
    expect(currentEstablishmentFallback([personal, secondary, primary], 'unknown')).toBe('primary');
    expect(currentEstablishmentFallback([personal, secondary], null)).toBe('secondary');
    expect(currentEstablishmentFallback([personal], undefined)).toBe('personal');
  });

  it('skips closed employments, remembered or not', () => {
    const finished = at('finished', 1, 'FINISHED');
    expect(currentEstablishmentFallback([finished, secondary], 'finished')).toBe('secondary');
    expect(currentEstablishmentFallback([finished, at('revoked', 2, 'REVOKED')], null)).toBeNull();
    expect(currentEstablishmentFallback([], 'primary')).toBeNull();
  });
});

describe('canAccessEstablishment (section 4 Employment)', () => {
  const employment = (priority: number, status: EmploymentStatus) => ({ priority, status });

  it('always allows the personal (priority 3) establishment', () => {
    expect(canAccessEstablishment('SP', employment(3, 'REQUESTED'))).toBe(true);
    expect(canAccessEstablishment(null, employment(3, 'UNVERIFIED'))).toBe(true);
  });

  it('lets GP, SPT, GPP and PM in while UNVERIFIED or APPROVED', () => {
    for (const role of ['GP', 'SPT', 'GPP', 'PM'] as const) {
      expect(canAccessEstablishment(role, employment(1, 'UNVERIFIED'))).toBe(true);
      expect(canAccessEstablishment(role, employment(2, 'APPROVED'))).toBe(true);
      expect(canAccessEstablishment(role, employment(1, 'REQUESTED'))).toBe(false);
      expect(canAccessEstablishment(role, employment(1, 'FINISHED'))).toBe(false);
    }
  });

  it('lets SP and PA in only when APPROVED', () => {
    for (const role of ['SP', 'PA'] as const) {
      expect(canAccessEstablishment(role, employment(1, 'APPROVED'))).toBe(true);
      expect(canAccessEstablishment(role, employment(1, 'UNVERIFIED'))).toBe(false);
      expect(canAccessEstablishment({ value: role, display: role }, employment(2, 'APPROVED'))).toBe(true);
    }
  });

  it('takes the coded status the API sends and refuses a missing role', () => {
    expect(
      canAccessEstablishment('GP', { priority: 1, status: { value: 'UNVERIFIED', display: 'Unverified' } }),
    ).toBe(true);
    expect(canAccessEstablishment(null, employment(1, 'APPROVED'))).toBe(false);
  });
});
