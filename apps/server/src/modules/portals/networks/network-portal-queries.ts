import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@referrals/domain/api';
import {
  networkServiceSenderTypes,
  type NetworkService,
  type PublicBranding,
  type PublicNetworkPortal,
} from '@referrals/domain/portals/health-network-schemas';
import type { PortalSenderType } from '@referrals/domain/portals/portal-schemas';
import type { Queryable } from '../../../db/database.ts';
import { escapeLike } from '../../../db/like-pattern.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { healthNetworks } from '../../../db/schema/portals.ts';
import { pageWindow } from '../../../http/paging.ts';
import { getPublicPortal, publicPortalOf, publishedPortals } from '../portal-queries.ts';
import { networkLogoUrl, type HealthNetworkRow } from './health-network-rows.ts';

/** Which network portal a public read names: by id, by the slug of /refer/{slug}, or by its own host. */
export type NetworkKey = { id: string } | { slug: string } | { host: string };

function keyCondition(key: NetworkKey): SQL {
  if ('id' in key) return eq(healthNetworks.id, key.id);
  if ('slug' in key) return eq(healthNetworks.slug, key.slug.toLowerCase());
  return eq(healthNetworks.host, key.host.toLowerCase());
}

/** A network whose portal is switched on, or undefined: an unknown network and one that is off look alike. */
export async function publishedNetwork(q: Queryable, key: NetworkKey): Promise<HealthNetworkRow | undefined> {
  const [row] = await q
    .select()
    .from(healthNetworks)
    .where(and(keyCondition(key), eq(healthNetworks.portal_enabled, true)));
  return row;
}

function brandingOf(row: HealthNetworkRow) {
  return { logo: networkLogoUrl(row.id, row.logo), colour: row.portal_colour, intro: row.portal_intro };
}

/** The network's portal as its page shows it (docs/portals.md, Health network portals). */
export async function getPublicNetworkPortal(
  q: Queryable,
  key: NetworkKey,
): Promise<PublicNetworkPortal | undefined> {
  const row = await publishedNetwork(q, key);
  if (!row) return undefined;
  return {
    network: { id: row.id, name: row.name, slug: row.slug },
    branding: brandingOf(row),
    sender_types: row.portal_sender_types as PortalSenderType[],
  };
}

/**
 * The branding a page wears by id (public/branding/{id}): a published network's, else an establishment's
 * published portal's; either unpublished is a 404, like a missing id.
 */
export async function getPublicBranding(q: Queryable, id: string): Promise<PublicBranding | undefined> {
  const network = await publishedNetwork(q, { id });
  if (network) return { id, kind: 'health_network', name: network.name, ...brandingOf(network) };
  const portal = await getPublicPortal(q, { id });
  if (!portal) return undefined;
  return { id, kind: 'establishment', name: portal.establishment.name, ...portal.branding };
}

/** A published network's branding only (public/organisation/{id}/branding/). */
export async function getNetworkBranding(q: Queryable, id: string): Promise<PublicBranding | undefined> {
  const network = await publishedNetwork(q, { id });
  return network && { id, kind: 'health_network', name: network.name, ...brandingOf(network) };
}

/**
 * The services a sender may choose on the network's portal: its establishments that publish a portal of
 * their own and take a sender the network's portal takes, by name, a page at a time (the index on
 * health_organisation_network finds them). Each answers the sender types both portals take.
 */
export async function listNetworkServices(
  q: Queryable,
  network: HealthNetworkRow,
  query: PageQuery & {
    keyword?: string | undefined;
    sender_type?: PortalSenderType | undefined;
    establishment?: string | undefined;
  },
): Promise<{ count: number; results: NetworkService[] }> {
  const networkTypes = network.portal_sender_types as PortalSenderType[];
  const wanted =
    query.sender_type === undefined ? networkTypes : networkTypes.filter((t) => t === query.sender_type);
  const words = (query.keyword ?? '').split(/\s+/).filter(Boolean);
  const where = and(
    eq(establishments.health_organisation_network, network.code),
    publishedPortals(),
    query.establishment === undefined ? undefined : eq(establishments.id, query.establishment),
    // Takes at least one of the wanted sender types (none wanted: nothing to list).
    or(
      sql`false`,
      ...wanted.map((type) => sql`${establishments.portal_sender_types} @> ${JSON.stringify([type])}::jsonb`),
    ),
    ...words.map((word) =>
      or(
        ilike(establishments.name, `%${escapeLike(word)}%`),
        ilike(establishments.city, `%${escapeLike(word)}%`),
      ),
    ),
  );
  const { limit, offset } = pageWindow(query);
  const [total] = await q.select({ n: count() }).from(establishments).where(where);
  const rows = await q
    .select()
    .from(establishments)
    .where(where)
    .orderBy(asc(establishments.name), asc(establishments.id))
    .limit(limit)
    .offset(offset);
  return {
    count: total?.n ?? 0,
    results: rows.map((row) => ({
      ...publicPortalOf(row),
      sender_types: networkServiceSenderTypes(networkTypes, row.portal_sender_types as PortalSenderType[]),
    })),
  };
}
