import type {
  PortalSenderType,
  PortalSettings,
  PortalSettingsWrite,
} from '@referrals/domain/portals/portal-schemas';
import { validationFailed } from '../../http/api-errors.ts';
import type { establishments } from '../../db/schema/establishments.ts';

/**
 * An establishment's portal settings (docs/portals.md, Settings) between its row and the establishment API:
 * read by whoever can edit it, written through POST and PUT establishments/ as `portal`.
 */

type EstablishmentRow = typeof establishments.$inferSelect;

export const PORTAL_NEEDS_SLUG_MESSAGE =
  'This establishment has no web address for a portal yet. Ask the Referrals team to give it one.';

/** Where the portal page is: the web app's /refer/{slug}, or null without a slug. */
export function portalUrl(publicUrl: string, slug: string | null): string | null {
  return slug ? `${publicUrl}/refer/${encodeURIComponent(slug)}` : null;
}

/** The settings as the establishment read shows them to its editors. */
export function portalSettingsOf(row: EstablishmentRow, publicUrl: string): PortalSettings {
  return {
    enabled: row.portal_enabled,
    sender_types: row.portal_sender_types as PortalSenderType[],
    colour: row.portal_colour,
    intro: row.portal_intro,
    url: portalUrl(publicUrl, row.slug),
  };
}

/**
 * The portal columns a write sets: only the settings it sends, so a client that leaves one out (or the
 * whole `portal`) keeps what is stored. Switching the portal on needs a slug, since the portal lives at
 * /refer/{slug}; without one it is a 400 on the switch rather than a portal nobody can reach.
 */
export function portalColumns(portal: PortalSettingsWrite | undefined, slug: string | null) {
  if (!portal) return {};
  if (portal.enabled === true && !slug) {
    throw validationFailed({ portal: { enabled: [PORTAL_NEEDS_SLUG_MESSAGE] } });
  }
  return {
    ...(portal.enabled === undefined ? {} : { portal_enabled: portal.enabled }),
    ...(portal.sender_types === undefined ? {} : { portal_sender_types: [...new Set(portal.sender_types)] }),
    ...(portal.colour === undefined ? {} : { portal_colour: portal.colour }),
    // An emptied welcome is no welcome, not an empty paragraph on the page.
    ...(portal.intro === undefined ? {} : { portal_intro: portal.intro || null }),
  };
}
