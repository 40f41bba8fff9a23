import { describe, it, expect } from 'vitest';
import {
  roles,
  subRoles,
  professionRoles,
  referrerRoleChoices,
  titles,
  permissions,
  employmentStatuses,
  employmentActionedBy,
  ACTIVE_EMPLOYMENT_STATUSES,
  CLOSED_EMPLOYMENT_STATUSES,
  EMPLOYMENT_PRIORITIES,
  EmploymentPrioritySchema,
  CARER_TYPES,
  CarerTypeSchema,
  SETTINGS_SECTIONS,
  SettingsSectionSchema,
  practiceManagerSubRoleChoices,
} from './people-codes.ts';
import { DEFAULT_TITLE } from '../constants.ts';

describe('people code lists', () => {
  it('has the six roles of section 6', () => {
    expect(roles.codes).toEqual(['GP', 'GPP', 'SP', 'SPT', 'PA', 'PM']);
  });

  it('has the sub-roles of section 6', () => {
    expect(subRoles.codes).toEqual(['AC', 'OM', 'SEC', 'WAC', 'GD', 'AH', 'OC', 'NM']);
    expect(subRoles.display('AH')).toBe('Allied health');
    expect(subRoles.display('OC')).toBe('Other clinician');
    expect(subRoles.display('NM')).toBe('Nurse manager');
  });

  it('hides SEC and WAC from practice managers when the new sub-roles flag is on', () => {
    expect(practiceManagerSubRoleChoices(false)).toEqual(['AC', 'OM', 'SEC', 'WAC']);
    expect(practiceManagerSubRoleChoices(true)).toEqual(['AC', 'OM']);
  });

  it('has the profession roles and referrer role choices of section 3', () => {
    expect(professionRoles.codes).toEqual(['GP', 'SP', 'HCP', 'PT', 'NA']);
    expect(referrerRoleChoices.codes).toEqual(['GP', 'SP', 'OTHER', 'PATIENT_CARER', 'NA']);
  });

  it('has the seventeen titles of section 3 with their displays, and the default DR among them', () => {
    expect(titles.codes.map((code) => titles.display(code))).toEqual([
      'A/Prof',
      'Capt',
      'Col',
      'Dr',
      'Grp Capt',
      'Hon',
      'M',
      'Major',
      'Miss',
      'Mr',
      'Mrs',
      'Ms',
      'Prof',
      'Rev',
      'Sgt',
      'Sir',
      'Sr',
    ]);
    expect(titles.isCode(DEFAULT_TITLE)).toBe(true);
  });

  it('has the four permissions of section 6', () => {
    expect(permissions.codes).toEqual([
      'manage_referral',
      'add_referral',
      'accept_referral',
      'administer_referral',
    ]);
  });

  it('splits employment statuses into active and closed with nothing left over', () => {
    expect(employmentStatuses.codes).toEqual([
      'UNVERIFIED',
      'REQUESTED',
      'INVITED',
      'APPROVED',
      'FINISHED',
      'REJECTED',
      'REVOKED',
      'DECLINED',
      'INVITE_EXPIRED',
    ]);
    expect(ACTIVE_EMPLOYMENT_STATUSES).toEqual(['UNVERIFIED', 'REQUESTED', 'INVITED', 'APPROVED']);
    expect(CLOSED_EMPLOYMENT_STATUSES).toEqual([
      'FINISHED',
      'REJECTED',
      'REVOKED',
      'DECLINED',
      'INVITE_EXPIRED',
    ]);
    expect([...ACTIVE_EMPLOYMENT_STATUSES, ...CLOSED_EMPLOYMENT_STATUSES].sort()).toEqual(
      [...employmentStatuses.codes].sort(),
    );
    expect(employmentActionedBy.codes).toEqual(['DOCTOR', 'ESTABLISHMENT']);
  });

  it('numbers employment priorities 1 primary, 2 secondary, 3 professional', () => {
    expect(EMPLOYMENT_PRIORITIES).toEqual({ 1: 'Primary', 2: 'Secondary', 3: 'Professional' });
    expect(EmploymentPrioritySchema.parse(2)).toBe(2);
    expect(EmploymentPrioritySchema.safeParse(4).success).toBe(false);
    expect(EmploymentPrioritySchema.safeParse('1').success).toBe(false);
  });

  it('numbers carer types 1 primary, 2 secondary, 3 other', () => {
    expect(CARER_TYPES).toEqual({ 1: 'Primary', 2: 'Secondary', 3: 'Other' });
    expect(CarerTypeSchema.parse(3)).toBe(3);
    expect(CarerTypeSchema.safeParse(0).success).toBe(false);
  });

  it('has the four settings sections and rejects others', () => {
    expect(SETTINGS_SECTIONS).toEqual(['medical-registration', 'notifications', 'profile', 'establishments']);
    expect(SettingsSectionSchema.safeParse('billing').success).toBe(false);
  });
});
