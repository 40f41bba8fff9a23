import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { PortalSenderType, PublicPortal } from '@referrals/domain/portals/portal-schemas';
import type { Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { brandingLogoUrl } from '../establishments/establishment-queries.ts';
import { activeFormTemplates } from '../referrals/forms/form-template-queries.ts';

/**
 * The portals anyone may open (docs/portals.md): switched on, with a slug to live at, and approved by the
 * platform, since an establishment waiting for approval takes no referrals from anyone (section 6). Every
 * public portal read goes through it, so a portal switched off answers 404 everywhere at once.
 */
export function publishedPortals(): SQL {
  return and(
    eq(establishments.portal_enabled, true),
    isNotNull(establishments.slug),
    eq(establishments.is_approved, true),
  ) as SQL;
}

/** Which portal a public read names: by the slug of /refer/{slug}, or by the establishment's id. */
export type PortalKey = { slug: string } | { id: string };

/**
 * The published portal as its page shows it, or undefined (no such establishment, no slug, the portal off
 * and not approved all look the same). Only what a signed-out visitor may see: no flags, no staff.
 */
export async function getPublicPortal(q: Queryable, key: PortalKey): Promise<PublicPortal | undefined> {
  const which = 'slug' in key ? eq(establishments.slug, key.slug) : eq(establishments.id, key.id);
  const [row] = await q.select().from(establishments).where(and(which, publishedPortals()));
  return row && publicPortalOf(row);
}

type EstablishmentRow = typeof establishments.$inferSelect;

/** A published portal as its page shows it. */
export function publicPortalOf(row: EstablishmentRow): PublicPortal {
  return {
    establishment: publicEstablishmentOf(row),
    branding: {
      logo: brandingLogoUrl(row.id, row.branding_logo),
      colour: row.portal_colour,
      intro: row.portal_intro,
    },
    sender_types: row.portal_sender_types as PortalSenderType[],
  };
}

/** The establishment as a portal page names it: where it is and how to call it, nothing internal. */
function publicEstablishmentOf(row: EstablishmentRow): PublicPortal['establishment'] {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    address1: row.address1,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    phone1: row.phone1,
  };
}

/** Whether the establishment has a published portal (its form templates are public only then). */
async function hasPublishedPortal(q: Queryable, id: string): Promise<boolean> {
  const [row] = await q
    .select({ id: establishments.id })
    .from(establishments)
    .where(and(eq(establishments.id, id), publishedPortals()));
  return row !== undefined;
}

/**
 * The active form templates of a published portal, as the wizard gets them, or undefined: a template is
 * the receiver's own work, public only while it publishes a portal.
 */
export async function publishedFormTemplates(q: Queryable, id: string) {
  return (await hasPublishedPortal(q, id)) ? activeFormTemplates(q, id) : undefined;
}
