import { and, count, desc, eq } from 'drizzle-orm';
import type { PageQuery } from '@referrals/domain/api';
import type { BackendClient } from '@referrals/domain/establishments/backend-client-schemas';
import type { Queryable } from '../../db/database.ts';
import { backendClients } from '../../db/schema/backend-clients.ts';
import { users } from '../../db/schema/people.ts';
import { notFound } from '../../http/api-errors.ts';
import { pageWindow } from '../../http/paging.ts';
import { readableEstablishmentRow } from '../establishments/establishment-queries.ts';
import { canEditEstablishment } from '../establishments/establishment-visibility.ts';
import { editableEstablishmentRow } from '../establishments/establishment-writes.ts';
import type { Caller } from '../tenancy/caller.ts';

/**
 * An establishment's backend services are its settings: whoever may edit the establishment (its approved
 * account holder, a department's hospital's, or its creator before approval: canEditEstablishment) keeps
 * them, and anyone else gets the 404 of a missing establishment, as the other settings answer. A write locks
 * the establishment's row for its transaction.
 */
export async function assertEditsEstablishment(
  q: Queryable,
  caller: Caller,
  establishmentId: string,
  options: { lock?: boolean } = {},
): Promise<void> {
  if (options.lock) {
    await editableEstablishmentRow(q, caller, establishmentId);
    return;
  }
  const row = await readableEstablishmentRow(q, caller, establishmentId);
  if (!row || !canEditEstablishment(caller, row)) throw notFound();
}

const columns = {
  client: backendClients,
  creator: { id: users.id, first_name: users.first_name, last_name: users.last_name },
};

type ClientRow = { client: typeof backendClients.$inferSelect; creator: BackendClient['created_by'] };

function backendClientOf({ client, creator }: ClientRow): BackendClient {
  return {
    client_id: client.client_id,
    name: client.name,
    jwks: client.jwks,
    scopes: client.scopes,
    created_by: creator?.id ? creator : null,
    created_at: client.created_at.toISOString(),
    revoked_at: client.revoked_at?.toISOString() ?? null,
  };
}

/** One page of the establishment's backend services, newest first, revoked ones too. */
export async function backendClientPage(
  q: Queryable,
  establishmentId: string,
  query: PageQuery,
): Promise<{ count: number; results: BackendClient[] }> {
  const where = eq(backendClients.establishment_id, establishmentId);
  const { limit, offset } = pageWindow(query);
  const [total] = await q.select({ n: count() }).from(backendClients).where(where);
  const rows = await q
    .select(columns)
    .from(backendClients)
    .leftJoin(users, eq(users.id, backendClients.created_by_id))
    .where(where)
    .orderBy(desc(backendClients.created_at), desc(backendClients.client_id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: rows.map(backendClientOf) };
}

/** One of the establishment's backend services; another establishment's is the 404 of a missing one. */
export async function backendClientOfEstablishment(
  q: Queryable,
  establishmentId: string,
  clientId: string,
): Promise<BackendClient> {
  const [row] = await q
    .select(columns)
    .from(backendClients)
    .leftJoin(users, eq(users.id, backendClients.created_by_id))
    .where(and(eq(backendClients.establishment_id, establishmentId), eq(backendClients.client_id, clientId)));
  if (!row) throw notFound();
  return backendClientOf(row);
}
