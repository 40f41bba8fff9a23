import { REQUIRED_MESSAGE } from '../field-messages.ts';
import type { FieldErrors } from '../api.ts';
import { codeOf, type Code } from '../codes.ts';
import type { FeatureFlags } from '../feature-flags.ts';
import { normaliseProviderNumber } from '../identifiers/medicare-provider-number.ts';
import { ACTIVE_EMPLOYMENT_STATUSES } from '../people/people-codes.ts';
import type { EmploymentStatus, Permission, Role, SubRole } from '../people/people-codes.ts';
import { notificationDefaultsFor } from './notification-defaults.ts';
import type {
  DefaultProviderNumType,
  EmailNotificationField,
  Profile,
  ProfileUpdate,
} from './profile-schemas.ts';

/**
 * Profile save and load rules (spec sections 4 Employment and Profile load flow, 5 Other messages and
 * Profile save). Pure functions the server runs on the PUT dry run and the PATCH, and the web form runs
 * before sending, so both apply the same rules.
 */

/** Profession's required message; the spec writes it without a full stop (section 5 Other messages). */
export const PROFESSION_REQUIRED_MESSAGE = 'This field is required';

/** The unique-number error for an AHPRA number already on another account (section 5 Other messages). */
export const AHPRA_TAKEN_MESSAGE = 'This AHPRA number has already been registered with another account.';

/** The error for no practice chosen at registration step 2 (section 5 Other messages). */
export const PRACTICE_NOT_SELECTED_MESSAGE = 'Not selected';

function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** Which permissions keep each email notification flag on save, any of them sufficing (section 5 Profile save). */
export const NOTIFICATION_FIELD_PERMISSIONS: Readonly<Record<EmailNotificationField, readonly Permission[]>> =
  {
    email_referral_viewed: ['manage_referral', 'add_referral'],
    email_referral_accepted: ['manage_referral', 'add_referral', 'administer_referral'],
    email_referral_waitlisted: ['manage_referral', 'add_referral'],
    email_referral_scheduled: ['manage_referral', 'add_referral'],
    email_referral_returned: ['manage_referral', 'add_referral'],
    email_referral_renewal_due: ['manage_referral', 'add_referral'],
    email_referral_received: ['accept_referral'],
    email_referral_appointment_due: ['accept_referral'],
    email_referral_pending_review: ['accept_referral'],
    email_referral_pending_action: ['accept_referral'],
    email_urgent_referral: ['accept_referral'],
    email_my_referral: ['accept_referral'],
    email_my_report: ['accept_referral'],
    email_sent_for_viewed_report: ['accept_referral'],
  };

/** The email notification flags a user with these permissions may set (section 5 Profile save). */
export function allowedNotificationFields(permissions: readonly Permission[]): EmailNotificationField[] {
  return (Object.keys(NOTIFICATION_FIELD_PERMISSIONS) as EmailNotificationField[]).filter((field) =>
    NOTIFICATION_FIELD_PERMISSIONS[field].some((permission) => permissions.includes(permission)),
  );
}

/** What prepareProfileUpdate needs of the stored profile; a Profile fits. */
export type ProfileSaveCurrent = {
  role: Code<Role> | null;
  sub_role: SubRole | null;
  provider_num_list: readonly string[];
  default_provider_num_type?: DefaultProviderNumType | null;
};

/** The update to save: new_provider_num folded into the list, blanks as null. */
export type PreparedProfileUpdate = Omit<ProfileUpdate, 'new_provider_num' | 'sub_role'> & {
  sub_role?: SubRole | null;
};

/** Text fields an empty string clears to null. first_name and last_name are required instead. */
const CLEARABLE_FIELDS = [
  'middle_name',
  'dob',
  'phone',
  'ahpra_num',
  'default_provider_num',
  'qualification',
  'profession',
  'sub_role',
  'professional_association',
  'member_number',
  'linkedin',
  'website',
] as const satisfies readonly (keyof ProfileUpdate)[];

/** Roles whose profession is dropped, and whose specialties are kept, when they have no sub-role. */
const SPECIALTY_ROLES: readonly string[] = ['SP', 'GP'];

/**
 * Applies the section 5 Profile save rules to an update and returns what to save: blanks become null;
 * provider numbers per the list choice; profession and specialties per role and sub-role; notification
 * flags per permissions; a new role's notification defaults. AHPRA fields are saved as given (see
 * ahpraNeedFor). `flags` is accepted for symmetry with validateProfileUpdate; no save rule
 * depends on one today.
 */
export function prepareProfileUpdate(
  current: ProfileSaveCurrent,
  update: ProfileUpdate,
  options: { permissions: readonly Permission[]; flags?: FeatureFlags },
): PreparedProfileUpdate {
  const { new_provider_num: _newNumber, ...rest } = update;
  const prepared: PreparedProfileUpdate = { ...rest } as PreparedProfileUpdate;
  for (const field of CLEARABLE_FIELDS) {
    const value = prepared[field];
    if (typeof value === 'string' && value.trim() === '') prepared[field] = null;
  }

  Object.assign(prepared, prepareProviderNumbers(current, update));

  // A role chosen in this same save (registration page 1) decides the rules, not the stored one.
  const role = codeOf(update.role ?? current.role);
  const subRole = prepared.sub_role !== undefined ? prepared.sub_role : current.sub_role;
  const specialtyRoleWithoutSubRole = role !== null && SPECIALTY_ROLES.includes(role) && subRole === null;

  if (specialtyRoleWithoutSubRole || subRole === 'GD') prepared.profession = null;
  if (!specialtyRoleWithoutSubRole) delete prepared.specialties;

  const allowed = allowedNotificationFields(options.permissions);
  for (const field of Object.keys(NOTIFICATION_FIELD_PERMISSIONS) as EmailNotificationField[]) {
    if (!allowed.includes(field)) delete prepared[field];
  }
  // A profile getting its role (registration page 1) starts from that role's notification defaults, whatever
  // it may set yet: the defaults are what it has until it chooses; flags in the same save still win.
  if (update.role !== undefined && update.role !== codeOf(current.role)) {
    for (const [field, on] of Object.entries(notificationDefaultsFor(update.role))) {
      prepared[field as EmailNotificationField] ??= on;
    }
  }
  return prepared;
}

/**
 * The provider-number fields to save (section 5 Profile save): a new number goes first and becomes the
 * default; EMPTY ('Please select') and NOT_APPLICABLE ('Not applicable') keep the list with no default;
 * otherwise the chosen number moves first and the first number is the default. Nothing when the update
 * leaves provider numbers alone.
 */
function prepareProviderNumbers(
  current: ProfileSaveCurrent,
  update: ProfileUpdate,
): Pick<PreparedProfileUpdate, 'provider_num_list' | 'default_provider_num' | 'default_provider_num_type'> {
  const newNumber = isBlank(update.new_provider_num)
    ? null
    : normaliseProviderNumber(update.new_provider_num ?? '');
  if (
    newNumber === null &&
    update.provider_num_list === undefined &&
    update.default_provider_num === undefined &&
    update.default_provider_num_type === undefined
  ) {
    return {};
  }
  let list = [
    ...new Set((update.provider_num_list ?? current.provider_num_list).map(normaliseProviderNumber)),
  ];
  const putFirst = (number: string) => [number, ...list.filter((n) => n !== number)];

  if (newNumber !== null) {
    return {
      provider_num_list: putFirst(newNumber),
      default_provider_num: newNumber,
      default_provider_num_type: 'PROVIDER_NUMBER',
    };
  }
  const chosen = isBlank(update.default_provider_num)
    ? null
    : normaliseProviderNumber(update.default_provider_num ?? '');
  const type =
    update.default_provider_num_type ??
    (chosen !== null ? 'PROVIDER_NUMBER' : (current.default_provider_num_type ?? 'PROVIDER_NUMBER'));
  if (type === 'EMPTY' || type === 'NOT_APPLICABLE') {
    return { provider_num_list: list, default_provider_num: null, default_provider_num_type: type };
  }
  if (chosen !== null) list = putFirst(chosen);
  const first = list[0];
  return first === undefined
    ? { provider_num_list: list, default_provider_num: null, default_provider_num_type: 'EMPTY' }
    : { provider_num_list: list, default_provider_num: first, default_provider_num_type: 'PROVIDER_NUMBER' };
}

/** Roles of registered health practitioners, who give an AHPRA number (section 5 Profile save). */
const AHPRA_ROLES: readonly string[] = ['GP', 'GPP', 'SP', 'SPT'];

/**
 * Sub-roles whose AHPRA number is optional: many allied health professions and other clinicians are not
 * registered with AHPRA (section 5 Other messages: their AHPRA, association and member-number fields
 * default to empty), but those who are keep their number.
 */
const AHPRA_OPTIONAL_SUB_ROLES: readonly string[] = ['AH', 'OC'];

/**
 * Whether a role and sub-role must give an AHPRA number ('required'), may give one ('optional'), or are not
 * asked for one ('not-asked': practice managers and administrators, and no role yet).
 */
export function ahpraNeedFor(
  role: Code<Role> | null | undefined,
  subRole: SubRole | '' | null | undefined,
): 'required' | 'optional' | 'not-asked' {
  if (!AHPRA_ROLES.includes(codeOf(role) ?? '')) return 'not-asked';
  return AHPRA_OPTIONAL_SUB_ROLES.includes(subRole ?? '') ? 'optional' : 'required';
}

/** `{ahpra_num: ['This field is required.']}` when the role and sub-role need a number and there is none. */
export function missingAhpraNumber(
  profile: Pick<ProfileSaveCandidate, 'role' | 'sub_role' | 'ahpra_num'>,
): FieldErrors {
  return ahpraNeedFor(profile.role, profile.sub_role) === 'required' && isBlank(profile.ahpra_num)
    ? { ahpra_num: [REQUIRED_MESSAGE] }
    : {};
}

/** The merged profile (stored profile with the prepared update applied) that validateProfileUpdate checks. */
export type ProfileSaveCandidate = {
  role: Code<Role> | null;
  sub_role: SubRole | '' | null;
  first_name?: string | null;
  last_name?: string | null;
  profession?: string | null;
  ahpra_num?: string | null;
  default_provider_num?: string | null;
  default_provider_num_type?: DefaultProviderNumType | null;
};

/** Sub-roles that must name a profession (section 5 Other messages). */
const PROFESSION_SUB_ROLES: readonly string[] = ['AH', 'NM'];

/** Roles that need a provider number when the providerNumberRequired flag is on. */
const PROVIDER_NUMBER_ROLES: readonly string[] = ['GP', 'GPP', 'SP', 'SPT'];

/**
 * The section 5 field errors of a merged profile: first and last name required; profession required for
 * sub-roles AH and NM and role SPT; an AHPRA number where ahpraNeedFor requires one, when the update sets
 * the role, sub-role or number (a save of other fields does not ask for it again); the AHPRA unique error
 * when ahpraTaken; and, with the providerNumberRequired flag, a default provider number for GP, GPP, SP and
 * SPT unless 'Not applicable' was chosen. The spec does not show that last rule ("the exact rule is not
 * shown"); this is our reading.
 */
export function validateProfileUpdate(
  profile: ProfileSaveCandidate,
  options: {
    flags: Pick<FeatureFlags, 'providerNumberRequired'>;
    ahpraTaken: boolean;
    update?: Pick<ProfileUpdate, 'role' | 'sub_role' | 'ahpra_num'>;
  },
): FieldErrors {
  const errors: FieldErrors = {};
  const { update } = options;
  if (update !== undefined && ['role', 'sub_role', 'ahpra_num'].some((field) => field in update)) {
    Object.assign(errors, missingAhpraNumber(profile));
  }
  if (isBlank(profile.first_name)) errors.first_name = [REQUIRED_MESSAGE];
  if (isBlank(profile.last_name)) errors.last_name = [REQUIRED_MESSAGE];

  const role = codeOf(profile.role);
  const subRole = profile.sub_role ?? '';
  if ((PROFESSION_SUB_ROLES.includes(subRole) || role === 'SPT') && isBlank(profile.profession)) {
    errors.profession = [PROFESSION_REQUIRED_MESSAGE];
  }

  if (options.ahpraTaken && !isBlank(profile.ahpra_num)) errors.ahpra_num = [AHPRA_TAKEN_MESSAGE];

  if (
    options.flags.providerNumberRequired &&
    role !== null &&
    PROVIDER_NUMBER_ROLES.includes(role) &&
    profile.default_provider_num_type !== 'NOT_APPLICABLE' &&
    isBlank(profile.default_provider_num)
  ) {
    errors.default_provider_num = [REQUIRED_MESSAGE];
  }
  return errors;
}

/** Registration step 2 needs at least one practice chosen, else `{practices: ['Not selected']}` (section 5 Other messages). */
export function validatePracticeChoice(practices: readonly string[] | null | undefined): FieldErrors {
  return practices != null && practices.some((id) => !isBlank(id))
    ? {}
    : { practices: [PRACTICE_NOT_SELECTED_MESSAGE] };
}

/** A profile whose registration is incomplete needs the registration wizard (section 4 Profile load flow). */
export function registrationNeeded(profile: Pick<Profile, 'registration_completed'>): boolean {
  return !profile.registration_completed;
}

/** On profile load, if the first employment has priority 2, the first two swap (section 4 Employment). */
export function orderEmployments<T extends { priority: number }>(employments: readonly T[]): T[] {
  const ordered = [...employments];
  const [first, second] = ordered;
  if (first !== undefined && second !== undefined && first.priority === 2) {
    ordered[0] = second;
    ordered[1] = first;
  }
  return ordered;
}

/** What the establishment rules need of an employment; an Employment fits. */
export type EmploymentAccessInput = { priority: number; status: Code<EmploymentStatus> };

function isActive(employment: EmploymentAccessInput): boolean {
  const status = codeOf(employment.status);
  return (ACTIVE_EMPLOYMENT_STATUSES as readonly string[]).includes(status ?? '');
}

/**
 * The current establishment's id: the remembered one if it is among the active employments, else the
 * primary, then the secondary, then the professional one; null when no employment is active (section 4
 * Employment).
 */
export function currentEstablishmentFallback(
  employments: readonly (EmploymentAccessInput & { establishment: { id: string } })[],
  remembered: string | null | undefined,
): string | null {
  const active = employments.filter(isActive);
  if (remembered != null && active.some((e) => e.establishment.id === remembered)) return remembered;
  for (const priority of [1, 2, 3]) {
    const match = active.find((e) => e.priority === priority);
    if (match !== undefined) return match.establishment.id;
  }
  return null;
}

/** Roles with access to an establishment while their employment is UNVERIFIED or APPROVED. */
const UNVERIFIED_ACCESS_ROLES: readonly string[] = ['GP', 'SPT', 'GPP', 'PM'];

/** Roles with access to an establishment only once their employment is APPROVED. */
const APPROVED_ACCESS_ROLES: readonly string[] = ['SP', 'PA'];

/**
 * Access to an establishment: personal (priority 3) always; GP, SPT, GPP and PM need UNVERIFIED or
 * APPROVED; SP and PA need APPROVED; no other role has access (section 4 Employment).
 */
export function canAccessEstablishment(
  role: Code<Role> | null | undefined,
  employment: EmploymentAccessInput,
): boolean {
  if (employment.priority === 3) return true;
  const roleCode = codeOf(role) ?? '';
  const status = codeOf(employment.status) ?? '';
  if (UNVERIFIED_ACCESS_ROLES.includes(roleCode)) return status === 'UNVERIFIED' || status === 'APPROVED';
  if (APPROVED_ACCESS_ROLES.includes(roleCode)) return status === 'APPROVED';
  return false;
}
