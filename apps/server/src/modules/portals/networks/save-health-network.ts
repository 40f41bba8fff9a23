import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FieldErrors } from '@referrals/domain/api';
import type { HealthNetwork, HealthNetworkWrite } from '@referrals/domain/portals/health-network-schemas';
import type { Database, Transaction } from '../../../db/database.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { healthNetworks } from '../../../db/schema/portals.ts';
import { notFound, validationFailed } from '../../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../../audit/record-audit.ts';
import { portalColumns } from '../../establishments/portal-settings.ts';
import { networkCounts, toHealthNetwork, type HealthNetworkRow } from './health-network-rows.ts';

export const CODE_TAKEN = 'Another health network has this code.';
export const SLUG_TAKEN = 'This web address is taken. Choose another.';
export const HOST_TAKEN = 'Another health network uses this web address.';

const UNIQUE_FIELDS: Record<string, keyof FieldErrors & string> = {
  health_networks_code_unique: 'code',
  health_networks_slug_unique: 'slug',
  health_networks_host_unique: 'host',
};
const TAKEN: Record<string, string> = { code: CODE_TAKEN, slug: SLUG_TAKEN, host: HOST_TAKEN };

/**
 * What another network or an establishment already holds: a portal's slug names one page, whichever kind
 * of portal it is (/refer/{slug} looks up establishments first), so a network may not take a clinic's.
 */
async function takenFields(
  tx: Transaction,
  body: HealthNetworkWrite,
  id: string | null,
): Promise<FieldErrors> {
  const others = (column: SQL) => (id === null ? column : and(column, ne(healthNetworks.id, id)));
  const host = body.host ?? null;
  const rows = await tx
    .select({ code: healthNetworks.code, slug: healthNetworks.slug, host: healthNetworks.host })
    .from(healthNetworks)
    .where(
      others(
        or(
          eq(healthNetworks.code, body.code),
          eq(healthNetworks.slug, body.slug),
          host === null ? sql`false` : eq(healthNetworks.host, host),
        ) as SQL,
      ),
    );
  const [clinic] = await tx
    .select({ id: establishments.id })
    .from(establishments)
    .where(eq(establishments.slug, body.slug));
  const errors: FieldErrors = {};
  for (const field of ['code', 'slug', 'host'] as const) {
    const value = field === 'host' ? host : body[field];
    if (value !== null && rows.some((row) => row[field] === value)) errors[field] = [TAKEN[field] ?? ''];
  }
  if (clinic) errors.slug = [SLUG_TAKEN];
  return errors;
}

/** Two administrators saving the same code at once: the loser meets the unique index, and gets the 400. */
function uniqueViolationField(error: unknown): string | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const facts = cause as Error & { code?: unknown; constraint?: unknown };
    if (facts.code !== '23505') continue;
    const name = typeof facts.constraint === 'string' ? facts.constraint : facts.message;
    const hit = Object.keys(UNIQUE_FIELDS).find((constraint) => name.includes(constraint));
    if (hit) return UNIQUE_FIELDS[hit];
  }
  return undefined;
}

/**
 * POST platform/health-networks/ and PUT .../{id}/ (docs/portals.md, Health network portals): a platform
 * administrator keeps a network's code, name, portal address and portal settings. Checked and written in
 * one transaction with its audit row; a taken code, slug or host is a 400 on that field, saving nothing.
 */
export async function saveHealthNetwork(
  db: Database,
  options: { actor: AuditActor; id: string | null; body: HealthNetworkWrite; publicUrl: string },
): Promise<HealthNetwork> {
  const { body, id } = options;
  try {
    return await db.transaction(async (tx) => {
      let stored: HealthNetworkRow | undefined;
      if (id !== null) {
        [stored] = await tx.select().from(healthNetworks).where(eq(healthNetworks.id, id)).for('update');
        if (!stored) throw notFound();
      }
      const taken = await takenFields(tx, body, id);
      if (Object.keys(taken).length > 0) throw validationFailed(taken);
      const values = {
        code: body.code,
        name: body.name,
        slug: body.slug,
        ...(body.host === undefined ? {} : { host: body.host }),
        // A network always has a slug, so the portal may be switched on from the start.
        ...portalColumns(body.portal, body.slug),
      };
      const [row] =
        stored === undefined
          ? await tx.insert(healthNetworks).values(values).returning()
          : await tx
              .update(healthNetworks)
              .set({ ...values, updated_at: new Date(), version: sql`${healthNetworks.version} + 1` })
              .where(eq(healthNetworks.id, stored.id))
              .returning();
      if (!row) throw new Error('health network write returned nothing');
      await recordAudit(tx, options.actor, {
        action: stored === undefined ? 'health-network.create' : 'health-network.update',
        resourceType: 'health_network',
        resourceId: row.id,
        detail: { code: row.code, portal_enabled: row.portal_enabled },
      });
      return toHealthNetwork(row, await networkCounts(tx, row.code), options.publicUrl);
    });
  } catch (error) {
    const field = uniqueViolationField(error);
    if (field) throw validationFailed({ [field]: [TAKEN[field] ?? ''] });
    throw error;
  }
}

/**
 * POST and DELETE platform/health-networks/{id}/logo/: sets or clears the stored logo with its audit row,
 * answering the name it replaced so the caller removes that file once this has committed.
 */
export async function setHealthNetworkLogo(
  db: Database,
  options: { actor: AuditActor; id: string; stored: string | null },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ logo: healthNetworks.logo })
      .from(healthNetworks)
      .where(eq(healthNetworks.id, options.id))
      .for('update');
    if (!row || (options.stored === null && row.logo === null)) throw notFound();
    await tx
      .update(healthNetworks)
      .set({ logo: options.stored, updated_at: new Date(), version: sql`${healthNetworks.version} + 1` })
      .where(eq(healthNetworks.id, options.id));
    await recordAudit(tx, options.actor, {
      action: options.stored ? 'health-network.logo.upload' : 'health-network.logo.remove',
      resourceType: 'health_network',
      resourceId: options.id,
      detail: { file: options.stored, replaced: row.logo },
    });
    return row.logo;
  });
}
