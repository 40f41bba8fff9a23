import { z } from 'zod';
import { pageOf, PageQuerySchema } from '../api.ts';
import { trimmedText } from '../text-fields.ts';
import {
  PortalSenderTypeSchema,
  PortalSettingsSchema,
  PortalSettingsWriteSchema,
  PublicPortalSchema,
} from './portal-schemas.ts';

/**
 * Health network portals (spec section 1: portal branding "can be set per health network or organisation";
 * section 7 Public: public/organisations/{id}/, public/organisation/{id}/branding/, public/branding/{id},
 * public/health-network/{host}/; docs/portals.md). A network publishes one portal for its services: the
 * sender chooses one of its establishments that publishes a portal, then fills in that establishment's form
 * under the network's branding. The platform's administrators keep the networks.
 */

export const NETWORK_SLUG_MESSAGE =
  'Use lower-case letters, digits and single hyphens, such as north-shore-health.';
export const NETWORK_HOST_MESSAGE = 'Enter a host name only, such as refer.northshorehealth.org.au.';
export const NETWORK_CODE_MESSAGE = 'Use capital letters, digits and underscores, such as NSLHD.';

const SlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter the portal’s web address.')
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, NETWORK_SLUG_MESSAGE);

/** A host name as a browser's location.host has it (a port allowed, for a test or an internal address). */
export const NetworkHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/,
    NETWORK_HOST_MESSAGE,
  );

/** A network as its administrators read it (GET health-networks/, {id}/, and a write's answer). */
export const HealthNetworkSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  slug: z.string(),
  host: z.string().nullable(),
  portal: PortalSettingsSchema,
  /** The logo's public address, or null. */
  logo: z.string().nullable(),
  /** Its establishments (health_organisation_network = code), and how many of them publish a portal. */
  establishment_count: z.number().int(),
  published_count: z.number().int(),
});
export type HealthNetwork = z.infer<typeof HealthNetworkSchema>;
export const HealthNetworkPageSchema = pageOf(HealthNetworkSchema);

/** POST health-networks/ and PUT health-networks/{id}/. */
export const HealthNetworkWriteSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'Enter the organisation code.')
    .max(40)
    .regex(/^[A-Z0-9_]+$/, NETWORK_CODE_MESSAGE),
  name: trimmedText(200).min(1, 'Enter the network’s name.'),
  slug: SlugSchema,
  /** Empty or null: the portal has no address of its own. */
  host: z
    .union([z.literal('').transform(() => null), NetworkHostSchema])
    .nullable()
    .optional(),
  portal: PortalSettingsWriteSchema.optional(),
});
export type HealthNetworkWrite = z.infer<typeof HealthNetworkWriteSchema>;

export const HealthNetworkListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
});

export const HealthNetworkIdParamsSchema = z.object({ id: z.uuid() });
export const NetworkHostParamsSchema = z.object({ host: z.string().min(1).max(260) });
export const NetworkSlugQuerySchema = z.object({ slug: z.string().min(1).max(200) });

/** The branding a portal page wears: public/organisation/{id}/branding/ and public/branding/{id}. */
export const PublicBrandingSchema = z.object({
  id: z.string(),
  /** Whose branding it is: a health network's, or an establishment's own portal. */
  kind: z.enum(['health_network', 'establishment']),
  name: z.string(),
  logo: z.string().nullable(),
  colour: z.string().nullable(),
  intro: z.string().nullable(),
});
export type PublicBranding = z.infer<typeof PublicBrandingSchema>;

/** A network's published portal (public/organisations/{id}/, ?slug=, public/health-network/{host}/). */
export const PublicNetworkPortalSchema = z.object({
  network: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  branding: PublicBrandingSchema.pick({ logo: true, colour: true, intro: true }),
  /** Who may send through it; each service also takes only its own portal's sender types. */
  sender_types: z.array(PortalSenderTypeSchema),
});
export type PublicNetworkPortal = z.infer<typeof PublicNetworkPortalSchema>;

/**
 * One of the network's services a sender may choose: an establishment's published portal, with the sender
 * types both portals take.
 */
export const NetworkServiceSchema = PublicPortalSchema;
export type NetworkService = z.infer<typeof NetworkServiceSchema>;
export const NetworkServicePageSchema = pageOf(NetworkServiceSchema);

export const NetworkServiceQuerySchema = PageQuerySchema.extend({
  /** Words of the service's name or suburb. */
  keyword: z.string().trim().max(100).optional(),
  sender_type: PortalSenderTypeSchema.optional(),
  /** One service by id: the one a sender chose (an establishment outside the network finds none). */
  establishment: z.uuid().optional(),
});

/**
 * The sender types a service takes through its network's portal: both must take them, since the network
 * chose whom its portal is for and the service whom its form is for.
 */
export function networkServiceSenderTypes(
  network: readonly z.infer<typeof PortalSenderTypeSchema>[],
  service: readonly z.infer<typeof PortalSenderTypeSchema>[],
) {
  return service.filter((type) => network.includes(type));
}
