import { z } from 'zod';
import { defineCodeList } from '../codes.ts';
import { optionalTrimmedText } from '../text-fields.ts';
import { FormTemplateSchema } from '../referrals/forms/form-template-schemas.ts';

/**
 * Public referral portals (spec sections 1 and 2 `/refer/{slug}`, 7 Public; docs/portals.md): an
 * establishment publishes a form at /refer/{its slug}, branded with its logo and colour, where a patient or
 * carer, or a health professional without an account, sends it a referral (type EXTERNAL).
 */

/** Who may send through a portal (section 1: "each takes a sender type (PATIENT or provider)"). */
export const PORTAL_SENDER_TYPES = {
  PATIENT: 'Patient or carer',
  PROVIDER: 'Health professional',
} as const;
export const portalSenderTypes = defineCodeList(PORTAL_SENDER_TYPES);
export const PortalSenderTypeSchema = portalSenderTypes.schema;
export type PortalSenderType = (typeof portalSenderTypes.codes)[number];

/** A colour as the settings store it: #rrggbb. */
export const PORTAL_COLOUR_MESSAGE = 'Enter a colour as # and six hexadecimal digits, such as #1c7ed6.';
export const PortalColourSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, PORTAL_COLOUR_MESSAGE)
  .transform((value) => value.toLowerCase());

/** The portal's settings on the establishment (read by its editors, written by establishment PUT/PATCH). */
export const PortalSettingsSchema = z.object({
  enabled: z.boolean(),
  sender_types: z.array(PortalSenderTypeSchema),
  /** The brand colour of the portal's header and buttons; null for the product's own. */
  colour: z.string().nullable(),
  /** A short welcome shown above the form. */
  intro: z.string().nullable(),
  /** Where the portal is: null without a slug. */
  url: z.string().nullable(),
});
export type PortalSettings = z.infer<typeof PortalSettingsSchema>;

export const PortalSettingsWriteSchema = z.object({
  enabled: z.boolean().optional(),
  sender_types: z
    .array(PortalSenderTypeSchema)
    .min(1, 'Choose who may send referrals through the portal.')
    .optional(),
  colour: PortalColourSchema.nullable().optional(),
  intro: optionalTrimmedText(1000),
});
export type PortalSettingsWrite = z.infer<typeof PortalSettingsWriteSchema>;

/** GET public/establishments/?slug= and public/establishments/{id}/branding/: what the portal page shows. */
export const PublicPortalSchema = z.object({
  establishment: z.object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    address1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string(),
    postcode: z.string().nullable(),
    phone1: z.string().nullable(),
  }),
  branding: z.object({
    /** The logo's public address, or null. */
    logo: z.string().nullable(),
    colour: z.string().nullable(),
    intro: z.string().nullable(),
  }),
  sender_types: z.array(PortalSenderTypeSchema),
});
export type PublicPortal = z.infer<typeof PublicPortalSchema>;

/** GET public/establishments/{id}/form-templates/: the receiver's active templates, as the wizard gets them. */
export const PublicFormTemplatesSchema = z.array(FormTemplateSchema);
