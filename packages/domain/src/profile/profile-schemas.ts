import { REQUIRED_MESSAGE } from '../field-messages.ts';
import { z } from 'zod';
import { defineCodeList } from '../codes.ts';
import { DATE_MESSAGE, DateOfBirthSchema, clearableDate } from '../date-bounds.ts';
import { AuStateSchema, establishmentTypes } from '../establishments/establishment-codes.ts';
import { AhpraNumberSchema } from '../identifiers/ahpra.ts';
import { ProviderNumberSchema } from '../identifiers/medicare-provider-number.ts';
import {
  EmploymentPrioritySchema,
  PermissionSchema,
  RoleSchema,
  SubRoleSchema,
  TitleSchema,
  employmentActionedBy,
  employmentStatuses,
  roles,
} from '../people/people-codes.ts';

/**
 * The profile as GET profile/ returns it and the body PUT (dry run) and PATCH profile/ accept (spec sections
 * 3 Profile / user, 5 Profile save, 7 Profile and account). Field names are the spec's, in snake_case.
 */

/** The message for a phone number that is not Australian. */
export const PHONE_MESSAGE = 'Enter an Australian phone number, e.g. 0412 345 678.';

/** The message for a session expiry outside 5 to 720 minutes. */
export const SESSION_EXPIRY_MESSAGE = 'Enter a session expiry from 5 to 720 minutes.';

/** Shortest and longest inactivity timeout a user may choose, in minutes. */
export const SESSION_EXPIRY_MINUTES = { min: 5, max: 720 } as const;

/**
 * The provider-number list choice (section 5 Profile save): 'Please select' is EMPTY, 'Not applicable' is
 * NOT_APPLICABLE, and choosing one of the numbers is PROVIDER_NUMBER (our name; the spec shows only the
 * first two).
 */
export const DEFAULT_PROVIDER_NUM_TYPES = {
  EMPTY: 'Please select',
  NOT_APPLICABLE: 'Not applicable',
  PROVIDER_NUMBER: 'Provider number',
} as const;
export const defaultProviderNumTypes = defineCodeList(DEFAULT_PROVIDER_NUM_TYPES);
export const DefaultProviderNumTypeSchema = defaultProviderNumTypes.schema;
export type DefaultProviderNumType = z.infer<typeof DefaultProviderNumTypeSchema>;

/** User types (section 3 Profile / user): a provider (HCP) or a patient or carer. */
export const UserTypeSchema = z.enum(['provider', 'patient']);
export type UserType = z.infer<typeof UserTypeSchema>;

/** The email notification preference flags, in the spec's order (section 3 Profile / user). */
export const EMAIL_NOTIFICATION_FIELDS = [
  'email_referral_viewed',
  'email_referral_accepted',
  'email_referral_waitlisted',
  'email_referral_scheduled',
  'email_referral_returned',
  'email_referral_renewal_due',
  'email_referral_received',
  'email_referral_appointment_due',
  'email_referral_pending_review',
  'email_referral_pending_action',
  'email_urgent_referral',
  'email_my_referral',
  'email_my_report',
  'email_sent_for_viewed_report',
] as const;
export type EmailNotificationField = (typeof EMAIL_NOTIFICATION_FIELDS)[number];

function notificationShape<T extends z.ZodType>(schema: T): { [K in EmailNotificationField]: T } {
  return Object.fromEntries(EMAIL_NOTIFICATION_FIELDS.map((field) => [field, schema])) as {
    [K in EmailNotificationField]: T;
  };
}

/** An empty string clears the field; prepareProfileUpdate turns it into null. */
function clearable<T extends z.ZodType<string | null, string | null>>(schema: T) {
  return z.union([z.literal(''), schema]).nullable();
}

const AU_PHONE_PATTERN = /^(?:0|\+61)[2-578]\d{8}$/;

/**
 * Whether the input is an Australian phone number: 0 and 9 digits, or +61 and the same 9 digits without the
 * 0; spaces, hyphens and brackets around the area code are allowed (section 3 Profile / user: phone).
 */
export function isAustralianPhoneNumber(input: string): boolean {
  return AU_PHONE_PATTERN.test(input.replace(/[\s()-]/g, ''));
}

/** An Australian phone number, kept as the user wrote it apart from outer spaces (section 3 Profile / user). */
export const AustralianPhoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .refine(isAustralianPhoneNumber, { message: PHONE_MESSAGE });

/** A specialty on a profile: id, priority, practice and field (section 3 Specialty). */
export const SpecialtySchema = z.object({
  id: z.string(),
  priority: z.number().int().min(1),
  practice: z.string(),
  field: z.string().nullable(),
});
export type Specialty = z.infer<typeof SpecialtySchema>;

/** Specialties are listed in priority order from 1; nobody lists a hundred (and the column is a 4-byte integer). */
export const SPECIALTY_PRIORITY_MAX = 100;
export const SPECIALTY_PRIORITY_MESSAGE = 'Enter a priority from 1 to 100.';

/** A specialty in a profile update; a new one has no id yet (section 7: POST profile/specialties/). */
export const SpecialtyInputSchema = z.object({
  id: z.string().optional(),
  priority: z
    .number({ error: SPECIALTY_PRIORITY_MESSAGE })
    .int({ message: SPECIALTY_PRIORITY_MESSAGE })
    .min(1, { message: SPECIALTY_PRIORITY_MESSAGE })
    .max(SPECIALTY_PRIORITY_MAX, { message: SPECIALTY_PRIORITY_MESSAGE }),
  practice: z.string().trim().min(1, { message: REQUIRED_MESSAGE }),
  field: z.string().trim().nullable(),
});
export type SpecialtyInput = z.infer<typeof SpecialtyInputSchema>;

/** The establishment an employment is at, as the profile carries it (sections 3 Employment and Establishment). */
export const EmploymentEstablishmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: establishmentTypes.codedSchema,
  state: AuStateSchema,
  /** The branding logo's URL; the top bar shows it in place of the product logo (section 2 Layout). */
  branding_logo: z.string().nullable().optional(),
});
export type EmploymentEstablishment = z.infer<typeof EmploymentEstablishmentSchema>;

/** A user's place at an establishment (sections 3 Employment and 4 Employment). */
export const EmploymentSchema = z.object({
  id: z.string(),
  establishment: EmploymentEstablishmentSchema,
  priority: EmploymentPrioritySchema,
  status: employmentStatuses.codedSchema,
  signature: z.string().nullable().optional(),
  is_verified_employee: z.boolean(),
  is_head_of_department: z.boolean(),
  has_special_access: z.boolean(),
  has_shared_inbox_access: z.boolean(),
  has_shared_outbox_access: z.boolean(),
  can_send_referral: z.boolean(),
  is_account_holder: z.boolean(),
  /** Asked for on registration page 4 (special-access.ts); the grants are the two flags above. */
  head_of_department_requested: z.boolean(),
  special_access_requested: z.boolean(),
  user_tag: z.string().nullable(),
  user_tag_other: z.string().nullable(),
  /** Who made the last change of status: the doctor (employee) or the establishment (section 4 Employment). */
  actioned_by: employmentActionedBy.codedSchema.nullable(),
});
export type Employment = z.infer<typeof EmploymentSchema>;

/**
 * One of the profile's connections (section 3 Profile: connections): someone with an approved employment
 * at an establishment where the user holds one too. The spec names the field only; colleagues are our
 * reading of it (docs/establishments-and-employments.md).
 */
export const ConnectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roles.codedSchema.nullable(),
  /** The establishments the two share, by name. */
  establishments: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Connection = z.infer<typeof ConnectionSchema>;

/**
 * The profile GET profile/ returns (section 3 Profile / user). Stored values are described, not re-checked:
 * identifiers and phone are plain strings here so that an old record never breaks the response.
 */
export const ProfileSchema = z.object({
  email: z.string(),
  /** Whether the address has been confirmed through the emailed link. */
  email_verified: z.boolean(),
  title: TitleSchema,
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  dob: z.iso.date().nullable(),
  phone: z.string().nullable(),
  ahpra_num: z.string().nullable(),
  provider_num_list: z.array(z.string()),
  default_provider_num: z.string().nullable(),
  default_provider_num_type: DefaultProviderNumTypeSchema.nullable(),
  qualification: z.string().nullable(),
  linkedin: z.string().nullable(),
  website: z.string().nullable(),
  role: roles.codedSchema.nullable(),
  sub_role: SubRoleSchema.nullable(),
  profession: z.string().nullable(),
  professional_association: z.string().nullable(),
  member_number: z.string().nullable(),
  no_ahpra_and_professional_association: z.boolean(),
  specialties: z.array(SpecialtySchema),
  employments: z.array(EmploymentSchema),
  connections: z.array(ConnectionSchema),
  permissions: z.array(PermissionSchema),
  /** Approves and verifies new establishments; set by the platform, never through the API. */
  is_platform_admin: z.boolean(),
  registration_completed: z.boolean(),
  mfa_status: z.boolean(),
  pending_mfa: z.boolean(),
  /** Minutes of inactivity before sign-out; null means the 30-minute default (section 9). */
  session_expiry: z.number().int().nullable(),
  /** Id of the current establishment, or null before one is chosen (section 4 Employment). */
  current_establishment: z.string().nullable(),
  user_type: UserTypeSchema,
  ...notificationShape(z.boolean()),
  version: z.number().int(),
  // Fields of section 3 whose features (account linking, uploads, the contacts tag) may come later.
  linked_account: z.string().nullable().optional(),
  signature: z.string().nullable().optional(),
  avatar_image: z.string().nullable().optional(),
  signature_image: z.string().nullable().optional(),
  contact_new_tag_shown_count: z.number().int().min(0).optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

const optionalText = z.string().trim().nullable().optional();

/**
 * The body of PUT profile/ (dry run) and PATCH profile/ (save): every editable field, all optional
 * (section 5 Profile save). Role, email, permissions and employments change through other calls.
 */
export const ProfileUpdateSchema = z.object({
  title: TitleSchema.optional(),
  first_name: z.string().trim().min(1, { message: REQUIRED_MESSAGE }).optional(),
  middle_name: optionalText,
  last_name: z.string().trim().min(1, { message: REQUIRED_MESSAGE }).optional(),
  dob: clearableDate(DateOfBirthSchema, DATE_MESSAGE).optional(),
  phone: clearable(AustralianPhoneSchema).optional(),
  ahpra_num: clearable(AhpraNumberSchema).optional(),
  provider_num_list: z.array(ProviderNumberSchema).optional(),
  default_provider_num: clearable(ProviderNumberSchema).optional(),
  default_provider_num_type: DefaultProviderNumTypeSchema.optional(),
  /** A number typed into 'add a provider number'; it is put first and made the default. */
  new_provider_num: clearable(ProviderNumberSchema).optional(),
  qualification: optionalText,
  profession: optionalText,
  /** Chosen on registration page 1; the server refuses a change once registration is complete. */
  role: RoleSchema.optional(),
  sub_role: clearable(SubRoleSchema).optional(),
  professional_association: optionalText,
  member_number: optionalText,
  no_ahpra_and_professional_association: z.boolean().optional(),
  specialties: z.array(SpecialtyInputSchema).optional(),
  linkedin: optionalText,
  website: optionalText,
  /** The signature text printed under letters and reports (registration page 3). */
  signature: optionalText,
  session_expiry: z
    .number({ error: SESSION_EXPIRY_MESSAGE })
    .int({ message: SESSION_EXPIRY_MESSAGE })
    .min(SESSION_EXPIRY_MINUTES.min, { message: SESSION_EXPIRY_MESSAGE })
    .max(SESSION_EXPIRY_MINUTES.max, { message: SESSION_EXPIRY_MESSAGE })
    .nullable()
    .optional(),
  ...notificationShape(z.boolean().optional()),
  /** The version read; a stale one is a 409 (api-conventions.md: Concurrency). */
  version: z.number().int().min(0).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

/** PATCH profile/mfa/ (section 7): turn two-step sign-in on (with a code from the app to confirm) or off. */
export const MfaUpdateSchema = z.object({ mfa_status: z.boolean(), code: z.string().optional() });
export type MfaUpdate = z.infer<typeof MfaUpdateSchema>;

/** The answer of PATCH profile/mfa/: enrolment started (with the secret to enter in the app), on, or off. */
export const MfaStatusSchema = z.object({
  mfa_status: z.boolean(),
  pending_mfa: z.boolean(),
  secret: z.string().optional(),
  otpauth_uri: z.string().optional(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;
