import type { FieldErrors } from '@referrals/domain/api';
import type { Role, SubRole } from '@referrals/domain/people/people-codes';
import { EMAIL_NOTIFICATION_FIELDS, type Profile } from '@referrals/domain/profile/profile-schemas';
import { ahpraNeedFor } from '@referrals/domain/profile/profile-save-rules';
import { specialAccessEmployments } from '@referrals/domain/profile/special-access';

/**
 * The registration wizard's pages (spec section 2 Registration wizard: 0 personal, 1 professional,
 * 2 practice, 3 signature, 4 to 6 special access and completion): 4 asks for head of department or special
 * access at hospitals and departments, 5 the email notifications, 6 is the review with 'Finish
 * registration'. `label` heads the page, `step` names it in the stepper (seven fit on one line), and
 * `fields` are the keys of 400 bodies that belong to each page.
 */
export const REGISTRATION_PAGES = [
  {
    label: 'Personal details',
    step: 'Personal',
    fields: ['title', 'first_name', 'middle_name', 'last_name', 'dob', 'phone'],
  },
  {
    label: 'Professional details',
    step: 'Professional',
    fields: [
      'role',
      'sub_role',
      'ahpra_num',
      'provider_num_list',
      'new_provider_num',
      'default_provider_num',
      'default_provider_num_type',
      'qualification',
      'profession',
      'specialties',
      'no_ahpra_and_professional_association',
      'professional_association',
      'member_number',
    ],
  },
  { label: 'Practice', step: 'Practice', fields: ['practices'] },
  { label: 'Signature', step: 'Signature', fields: ['file', 'signature'] },
  { label: 'Special access', step: 'Special access', fields: ['employment_id'] },
  { label: 'Notifications', step: 'Notifications', fields: EMAIL_NOTIFICATION_FIELDS },
  { label: 'Review and finish', step: 'Review', fields: [] },
] as const satisfies readonly { label: string; step: string; fields: readonly string[] }[];

export type RegistrationPage = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const SPECIAL_ACCESS_PAGE: RegistrationPage = 4;
export const NOTIFICATIONS_PAGE: RegistrationPage = 5;
export const REVIEW_PAGE: RegistrationPage = 6;

const ALL_PAGES: readonly RegistrationPage[] = [0, 1, 2, 3, 4, 5, 6];

/**
 * The pages this user goes through: special access only with an employment at a hospital or department
 * (spec section 2: "up to 7 pages").
 */
export function registrationPagesFor(profile: Pick<Profile, 'employments'>): RegistrationPage[] {
  const specialAccess = specialAccessEmployments(profile.employments).length > 0;
  return ALL_PAGES.filter((page) => page !== SPECIAL_ACCESS_PAGE || specialAccess);
}

/** The page after `page` among `pages` (the last one stays). */
export function nextPage(pages: readonly RegistrationPage[], page: RegistrationPage): RegistrationPage {
  return pages.find((p) => p > page) ?? pages.at(-1) ?? page;
}

/** The page before `page` among `pages` (the first one stays). */
export function previousPage(pages: readonly RegistrationPage[], page: RegistrationPage): RegistrationPage {
  return [...pages].reverse().find((p) => p < page) ?? pages[0] ?? page;
}

/** Sub-roles offered per role (spec section 6 Roles); PM's depend on the new sub-roles flag. */
export function subRoleChoices(role: Role | undefined, pmChoices: readonly SubRole[]): readonly SubRole[] {
  switch (role) {
    case 'PM':
      return pmChoices;
    case 'GP':
      return ['GD'];
    case 'GPP':
      return ['AH', 'OC', 'NM'];
    case 'SP':
    case 'SPT':
    case 'PA':
    case undefined:
      return [];
  }
}

/** What the professional details page shows for a role and sub-role (spec sections 3 and 5). */
export function professionalFieldsFor(role: Role | undefined, subRole: SubRole | '' | null | undefined) {
  const clinical = role === 'GP' || role === 'GPP' || role === 'SP' || role === 'SPT';
  const ahpra = ahpraNeedFor(role, subRole);
  const noSubRole = subRole === '' || subRole === null || subRole === undefined;
  return {
    ahpra: ahpra !== 'not-asked',
    // The server asks for it on saving these details and at the end of registration (spec section 5).
    ahpraRequired: ahpra === 'required',
    ahpraOptional: ahpra === 'optional',
    providerNumbers: clinical,
    qualification: clinical,
    profession: role === 'SPT' || subRole === 'AH' || subRole === 'NM' || subRole === 'OC',
    professionRequired: role === 'SPT' || subRole === 'AH' || subRole === 'NM',
    // Specialties are kept only for SP or GP without a sub-role (spec section 5 Profile save).
    specialties: (role === 'SP' || role === 'GP') && noSubRole,
  };
}

const blank = (value: string | null | undefined) => value == null || value.trim() === '';

/**
 * The page the wizard reopens at: the first one whose details are missing, so registration resumes
 * where the user left it. The signature is optional, but its page is where a user who skipped it resumes.
 * Special access and notifications have nothing required; the review shows them with a way back.
 */
export function firstIncompletePage(profile: Profile): RegistrationPage {
  if (blank(profile.first_name) || blank(profile.last_name) || blank(profile.phone)) return 0;
  const role = profile.role?.value;
  const shown = professionalFieldsFor(role, profile.sub_role);
  if (
    role === undefined ||
    (shown.ahpraRequired && blank(profile.ahpra_num)) ||
    (shown.professionRequired && blank(profile.profession))
  ) {
    return 1;
  }
  if (!profile.employments.some((e) => e.priority === 1 || e.priority === 2)) return 2;
  if (blank(profile.signature_image)) return 3;
  return REVIEW_PAGE;
}

/** The page holding the first field of a 400 body, e.g. the register call's `{ahpra_num}` is page 1. */
export function pageOfFirstError(errors: FieldErrors): RegistrationPage | null {
  const keys = Object.keys(errors);
  for (const page of ALL_PAGES) {
    const fields: readonly string[] = REGISTRATION_PAGES[page].fields;
    if (keys.some((key) => fields.includes(key))) return page;
  }
  return null;
}
