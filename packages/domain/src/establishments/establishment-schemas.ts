import { z } from 'zod';
import { PageQuerySchema, orderBySchema, pageOf } from '../api.ts';
import { IntakeSenderDomainsSchema } from '../imports/intake-domains.ts';
import { PortalSettingsSchema, PortalSettingsWriteSchema } from '../portals/portal-schemas.ts';
import { AuStateSchema, ServiceTypeSchema, establishmentTypes } from './establishment-codes.ts';

/** An establishment as lists and pickers show it (spec section 3, Establishment). */
export const EstablishmentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: establishmentTypes.codedSchema,
  address1: z.string().nullable(),
  city: z.string().nullable(),
  state: AuStateSchema,
  postcode: z.string().nullable(),
  phone1: z.string().nullable(),
  hospital: z.object({ id: z.string(), name: z.string() }).nullable(),
  accepts_join_requests: z.boolean(),
  accepts_in_app_referrals: z.boolean(),
});
export type EstablishmentSummary = z.infer<typeof EstablishmentSummarySchema>;

const booleanQuery = z.enum(['true', 'false']).optional();

/** PostgreSQL text cannot hold NUL, so a NUL in a filter or field is the client's mistake (400), not a 500. */
export const NUL_CHARACTER_MESSAGE = 'Null characters are not allowed.';
const text = () => z.string().regex(/^[^\0]*$/, { message: NUL_CHARACTER_MESSAGE });

const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((part) => part.trim()) : undefined))
    .pipe(z.array(item).optional());

/** GET establishments/{id}/: `include_doctors=true` adds its verified doctors, as the list does (the triage's assignees). */
export const EstablishmentDetailQuerySchema = z.object({ include_doctors: booleanQuery });
export type EstablishmentDetailQuery = z.infer<typeof EstablishmentDetailQuerySchema>;

/** GET (public/)establishments/ filters (section 3, Establishment list filters); one type is one paged list. */
export const EstablishmentListQuerySchema = PageQuerySchema.extend({
  keyword: text().trim().max(100).optional(),
  type: establishmentTypes.schema.optional(),
  states: commaList(AuStateSchema),
  /** Adds the establishment's verified doctors to each entry. */
  include_doctors: booleanQuery,
  approved: booleanQuery,
  verified: booleanQuery,
  accepts_join_requests: booleanQuery,
  accepts_in_app_referrals: booleanQuery,
  service: ServiceTypeSchema.optional(),
  /** A specialty code (specialty-codes.ts) held by a doctor employed there. */
  specialty: text().trim().max(40).optional(),
  health_organisation_network: text().trim().max(40).optional(),
  has_verified_employee: booleanQuery,
  order_by: orderBySchema(['name'], 'name'),
});
export type EstablishmentListQuery = z.infer<typeof EstablishmentListQuerySchema>;

export const EstablishmentPageSchema = pageOf(EstablishmentSummarySchema);

/** PUT profile/practices/: the practices chosen at registration step 2, primary first (section 2). */
export const PracticesChoiceSchema = z.object({
  practices: z
    .array(z.string())
    .max(2, { message: 'Choose at most two practices: a primary and a secondary.' }),
});

/** A department of a hospital (section 3 Establishment). */
export const DepartmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  hospital: z.object({ id: z.string(), name: z.string() }),
  type: establishmentTypes.codedSchema,
  is_approved: z.boolean(),
  is_verified: z.boolean(),
  accepts_join_requests: z.boolean(),
  /** Takes digital medication orders: referrals to it have the medication-order page (section 4). */
  digital_ordering: z.boolean(),
  /** Takes advice and guidance requests: the wizard offers the type (section 1). */
  accepts_advice_and_guidance: z.boolean(),
});
export type Department = z.infer<typeof DepartmentSchema>;

/** A doctor listed with an establishment when the list asks for include_doctors. */
export const EstablishmentDoctorSchema = z.object({
  id: z.string(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string().nullable(),
});

/** The whole establishment (section 3 Establishment), with can_edit and can_delete worked out for the caller. */
export const EstablishmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: establishmentTypes.codedSchema,
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: AuStateSchema,
  postcode: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  is_approved: z.boolean(),
  is_verified: z.boolean(),
  accepts_join_requests: z.boolean(),
  accepts_in_app_referrals: z.boolean(),
  disable_auto_allocation: z.boolean(),
  allows_shared_inbox_access: z.boolean(),
  allows_cpl_and_shared_outbox_access: z.boolean(),
  case_conferences_enabled: z.boolean(),
  sms_enabled: z.boolean(),
  /** Takes digital medication orders: referrals to it have the medication-order page (section 4). */
  digital_ordering: z.boolean(),
  /** Takes advice and guidance requests: the wizard offers the type (section 1). */
  accepts_advice_and_guidance: z.boolean(),
  /** Its health network's waiting times and volumes include it (docs/analytics.md). */
  shares_waiting_times: z.boolean(),
  services: z.array(ServiceTypeSchema),
  health_organisation_network: z.string().nullable(),
  branding: z.object({ logo: z.string().nullable() }),
  /** A hospital's departments; for joining, only verified ones accepting join requests are listed. */
  departments: z.array(DepartmentSchema),
  /** A department's hospital. */
  hospital: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * The sending domains whose mail its intake address takes into the import queue (docs/import-queue.md);
   * null for a caller who cannot edit it, since which practices a clinic takes mail from is its own affair.
   */
  intake_sender_domains: z.array(z.string()).nullable(),
  /** Where mail reaches its import queue: null when this server takes no mail or it has no slug. */
  intake_address: z.string().nullable(),
  /**
   * Its public referral portal at /refer/{slug} (docs/portals.md); null for a caller who cannot edit it,
   * who meets the portal itself rather than its settings.
   */
  portal: PortalSettingsSchema.nullable(),
  doctors: z.array(EstablishmentDoctorSchema).optional(),
});
export type Establishment = z.infer<typeof EstablishmentSchema>;

export const EstablishmentFullPageSchema = pageOf(EstablishmentSchema);

/** An establishment as the public (signed-out) list shows it: no caller-specific or internal flags. */
export const PublicEstablishmentSchema = EstablishmentSchema.pick({
  id: true,
  name: true,
  type: true,
  address1: true,
  city: true,
  state: true,
  postcode: true,
  phone1: true,
  website: true,
  services: true,
  accepts_in_app_referrals: true,
  branding: true,
  hospital: true,
});
export const PublicEstablishmentPageSchema = pageOf(PublicEstablishmentSchema);

export const POSTCODE_MESSAGE = 'Enter a 4-digit Australian postcode.';
export const HOSPITAL_REQUIRED_MESSAGE = 'A department belongs to a hospital: choose one.';

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

/**
 * POST establishments/ and PUT establishments/{id}/. Approval and verification are the platform's to give,
 * so they are not here; a personal space (PA) is made by the system, never through this call.
 */
export const EstablishmentWriteSchema = z
  .object({
    name: text().trim().min(1, { message: 'This field is required.' }).max(200),
    type: z.enum(['CL', 'HL', 'PR', 'DT']),
    hospital_id: z.uuid().nullable().optional(),
    phone1: optionalText(30),
    phone2: optionalText(30),
    address1: optionalText(200),
    address2: optionalText(200),
    city: optionalText(100),
    state: AuStateSchema.default('NSW'),
    postcode: z
      .string()
      .trim()
      .regex(/^\d{4}$/, { message: POSTCODE_MESSAGE })
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    email: z
      .email()
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    website: optionalText(300),
    description: optionalText(2000),
    accepts_join_requests: z.boolean().default(false),
    accepts_in_app_referrals: z.boolean().default(false),
    disable_auto_allocation: z.boolean().default(false),
    allows_shared_inbox_access: z.boolean().default(false),
    allows_cpl_and_shared_outbox_access: z.boolean().default(false),
    case_conferences_enabled: z.boolean().default(false),
    sms_enabled: z.boolean().default(false),
    digital_ordering: z.boolean().default(false),
    accepts_advice_and_guidance: z.boolean().default(false),
    shares_waiting_times: z.boolean().default(false),
    services: z.array(ServiceTypeSchema).default([]),
    health_organisation_network: optionalText(40),
    /** Absent keeps the stored list (a client that does not know the field cannot clear it); new: none. */
    intake_sender_domains: IntakeSenderDomainsSchema.optional(),
    /** The portal's settings to change; absent (or a setting left out) keeps what is stored. */
    portal: PortalSettingsWriteSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.type === 'DT' && !value.hospital_id) {
      context.addIssue({ code: 'custom', path: ['hospital_id'], message: HOSPITAL_REQUIRED_MESSAGE });
    }
  });
export type EstablishmentWrite = z.infer<typeof EstablishmentWriteSchema>;
export type EstablishmentWriteInput = z.input<typeof EstablishmentWriteSchema>;

/** The path of a call about one establishment (establishments/{id}/...). */
export const EstablishmentIdParamsSchema = z.object({ id: z.uuid() });

/** GET establishments/by-slug/{slug}/: the establishment a send/:establishment_slug link names (section 2). */
export const EstablishmentSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

/**
 * An establishment waiting in the platform administrators' queue: not yet approved, or approved and not
 * yet verified. Until approved it is offered neither as a receiver nor for joining (section 6 Rules).
 */
export const WaitingEstablishmentSchema = EstablishmentSummarySchema.omit({
  accepts_join_requests: true,
  accepts_in_app_referrals: true,
}).extend({
  email: z.string().nullable(),
  website: z.string().nullable(),
  is_approved: z.boolean(),
  is_verified: z.boolean(),
  created_at: z.string(),
  /** Who created it (its first account holder), or null for one seeded or imported. */
  created_by: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type WaitingEstablishment = z.infer<typeof WaitingEstablishmentSchema>;
export const WaitingEstablishmentPageSchema = pageOf(WaitingEstablishmentSchema);
