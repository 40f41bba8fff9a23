import { count, eq, sql } from 'drizzle-orm';
import type { HealthNetwork } from '@referrals/domain/portals/health-network-schemas';
import type { PortalSenderType } from '@referrals/domain/portals/portal-schemas';
import type { Queryable } from '../../../db/database.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import type { healthNetworks } from '../../../db/schema/portals.ts';
import { portalUrl } from '../../establishments/portal-settings.ts';
import { publishedPortals } from '../portal-queries.ts';

export type HealthNetworkRow = typeof healthNetworks.$inferSelect;

/** The logo's public address; the stored name in `v` changes with every upload, so caches never go stale. */
export function networkLogoUrl(networkId: string, stored: string | null): string | null {
  return stored ? `/api/public/organisation/${networkId}/logo/?v=${stored.slice(0, 8)}` : null;
}

/** How many establishments name the network, and how many of them publish a portal (one indexed count). */
export async function networkCounts(
  q: Queryable,
  code: string,
): Promise<{ establishment_count: number; published_count: number }> {
  const [row] = await q
    .select({
      establishment_count: count(),
      published_count: sql<number>`count(*) filter (where ${publishedPortals()})`.mapWith(Number),
    })
    .from(establishments)
    .where(eq(establishments.health_organisation_network, code));
  return { establishment_count: row?.establishment_count ?? 0, published_count: row?.published_count ?? 0 };
}

/** A network as its administrators read it. */
export function toHealthNetwork(
  row: HealthNetworkRow,
  counts: { establishment_count: number; published_count: number },
  publicUrl: string,
): HealthNetwork {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    slug: row.slug,
    host: row.host,
    portal: {
      enabled: row.portal_enabled,
      sender_types: row.portal_sender_types as PortalSenderType[],
      colour: row.portal_colour,
      intro: row.portal_intro,
      url: portalUrl(publicUrl, row.slug),
    },
    logo: networkLogoUrl(row.id, row.logo),
    ...counts,
  };
}
