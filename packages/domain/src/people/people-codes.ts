import { z } from 'zod';
import { defineCodeList } from '../codes.ts';

/** User roles (section 6 Roles). */
export const ROLES = {
  GP: 'General practitioner',
  GPP: 'General practice provider',
  SP: 'Specialist',
  SPT: 'Specialist in training',
  PA: 'Practice administrator or physician assistant',
  PM: 'Practice manager',
} as const;
export const roles = defineCodeList(ROLES);
export const RoleSchema = roles.schema;
export type Role = z.infer<typeof RoleSchema>;

/**
 * Sub-roles (section 6 Roles): practice-manager sub-roles AC, OM, SEC, WAC; GP sub-role GD; allied
 * health, other clinician and nurse manager. The spec gives only the codes of the practice-manager
 * sub-roles; their displays are our reading of the abbreviations.
 */
export const SUB_ROLES = {
  AC: 'Administration clerk',
  OM: 'Office manager',
  SEC: 'Secretary',
  WAC: 'Ward administration clerk',
  GD: 'GP registrar',
  AH: 'Allied health',
  OC: 'Other clinician',
  NM: 'Nurse manager',
} as const;
export const subRoles = defineCodeList(SUB_ROLES);
export const SubRoleSchema = subRoles.schema;
export type SubRole = z.infer<typeof SubRoleSchema>;

/** Practice-manager sub-roles, in picker order (section 6 Roles). */
export const PRACTICE_MANAGER_SUB_ROLES = ['AC', 'OM', 'SEC', 'WAC'] as const satisfies readonly SubRole[];

/** Practice-manager sub-roles offered: SEC and WAC are hidden when the new sub-roles flag is on (section 6 Roles). */
export function practiceManagerSubRoleChoices(newPracticeManagerSubRoles: boolean): readonly SubRole[] {
  return newPracticeManagerSubRoles
    ? PRACTICE_MANAGER_SUB_ROLES.filter((code) => code !== 'SEC' && code !== 'WAC')
    : PRACTICE_MANAGER_SUB_ROLES;
}

/** Profession roles (section 3 Enumerations). */
export const PROFESSION_ROLES = {
  GP: 'General practitioner',
  SP: 'Specialist',
  HCP: 'Other health professional',
  PT: 'Patient or carer',
  NA: 'Not applicable',
} as const;
export const professionRoles = defineCodeList(PROFESSION_ROLES);
export const ProfessionRoleSchema = professionRoles.schema;
export type ProfessionRole = z.infer<typeof ProfessionRoleSchema>;

/**
 * Referrer role choices for manual or external referrals (section 3 Enumerations). The spec names
 * "patient-carer" and "not applicable" without codes; we use PATIENT_CARER and NA.
 */
export const REFERRER_ROLE_CHOICES = {
  GP: 'General practitioner',
  SP: 'Specialist',
  OTHER: 'Other',
  PATIENT_CARER: 'Patient or carer',
  NA: 'Not applicable',
} as const;
export const referrerRoleChoices = defineCodeList(REFERRER_ROLE_CHOICES);
export const ReferrerRoleChoiceSchema = referrerRoleChoices.schema;
export type ReferrerRoleChoice = z.infer<typeof ReferrerRoleChoiceSchema>;

/**
 * Titles (section 3 Enumerations), code -> display. Codes are the upper-cased display without
 * spaces or slashes, so the default DR (section 9) is one of them.
 */
export const TITLES = {
  APROF: 'A/Prof',
  CAPT: 'Capt',
  COL: 'Col',
  DR: 'Dr',
  GRPCAPT: 'Grp Capt',
  HON: 'Hon',
  M: 'M',
  MAJOR: 'Major',
  MISS: 'Miss',
  MR: 'Mr',
  MRS: 'Mrs',
  MS: 'Ms',
  PROF: 'Prof',
  REV: 'Rev',
  SGT: 'Sgt',
  SIR: 'Sir',
  SR: 'Sr',
} as const;
export const titles = defineCodeList(TITLES);
export const TitleSchema = titles.schema;
export type Title = z.infer<typeof TitleSchema>;

/** Permissions on a profile (section 6 Permissions). */
export const PERMISSIONS = {
  manage_referral: 'Manage referrals',
  add_referral: 'Send referrals',
  accept_referral: 'Receive referrals',
  administer_referral: 'Administer referrals',
} as const;
export const permissions = defineCodeList(PERMISSIONS);
export const PermissionSchema = permissions.schema;
export type Permission = z.infer<typeof PermissionSchema>;

/** Employment statuses (section 4 Employment). */
export const EMPLOYMENT_STATUSES = {
  UNVERIFIED: 'Unverified',
  REQUESTED: 'Requested',
  INVITED: 'Invited',
  APPROVED: 'Approved',
  FINISHED: 'Finished',
  REJECTED: 'Rejected',
  REVOKED: 'Revoked',
  DECLINED: 'Declined',
  INVITE_EXPIRED: 'Invite expired',
} as const;
export const employmentStatuses = defineCodeList(EMPLOYMENT_STATUSES);
export const EmploymentStatusSchema = employmentStatuses.schema;
export type EmploymentStatus = z.infer<typeof EmploymentStatusSchema>;

/** Employment statuses shown in the main lists (section 4 Employment). */
export const ACTIVE_EMPLOYMENT_STATUSES = [
  'UNVERIFIED',
  'REQUESTED',
  'INVITED',
  'APPROVED',
] as const satisfies readonly EmploymentStatus[];

/** Employment statuses shown under Closed (section 4 Employment). */
export const CLOSED_EMPLOYMENT_STATUSES = [
  'FINISHED',
  'REJECTED',
  'REVOKED',
  'DECLINED',
  'INVITE_EXPIRED',
] as const satisfies readonly EmploymentStatus[];

/**
 * Status that applies to the account holder or a super user (section 4 Employment). Kept apart from
 * EMPLOYMENT_STATUSES because it is a grant, not a stage of an employment.
 */
export const PERMISSION_GRANTED = 'PERMISSION_GRANTED';

/** Who actioned an employment change (section 4 Employment). */
export const EMPLOYMENT_ACTIONED_BY = { DOCTOR: 'Doctor', ESTABLISHMENT: 'Establishment' } as const;
export const employmentActionedBy = defineCodeList(EMPLOYMENT_ACTIONED_BY);
export const EmploymentActionedBySchema = employmentActionedBy.schema;
export type EmploymentActionedBy = z.infer<typeof EmploymentActionedBySchema>;

/** Employment priorities (section 3 Employment); numeric on the wire. */
export const EMPLOYMENT_PRIORITIES = { 1: 'Primary', 2: 'Secondary', 3: 'Professional' } as const;
export const EmploymentPrioritySchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type EmploymentPriority = z.infer<typeof EmploymentPrioritySchema>;

/** Carer types (sections 3 Patient and 9); numeric on the wire. */
export const CARER_TYPES = { 1: 'Primary', 2: 'Secondary', 3: 'Other' } as const;
export const CarerTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type CarerType = z.infer<typeof CarerTypeSchema>;

/** Settings sections, in order (section 2 Settings sections). */
export const SETTINGS_SECTIONS = [
  'medical-registration',
  'notifications',
  'profile',
  'establishments',
] as const;
export const SettingsSectionSchema = z.enum(SETTINGS_SECTIONS);
export type SettingsSection = z.infer<typeof SettingsSectionSchema>;
