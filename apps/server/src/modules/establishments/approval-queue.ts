import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageQuery } from '@referrals/domain/api';
import type { AuState, EstablishmentType } from '@referrals/domain/establishments/establishment-codes';
import { establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import type { WaitingEstablishment } from '@referrals/domain/establishments/establishment-schemas';
import type { Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { users } from '../../db/schema/people.ts';
import { pageWindow } from '../../http/paging.ts';

const hospitals = alias(establishments, 'hospitals');

/** In the queue: not approved, or approved and not verified. Personal spaces are the system's and never wait. */
const waiting = and(
  ne(establishments.type, 'PA'),
  or(eq(establishments.is_approved, false), eq(establishments.is_verified, false)),
);

const columns = {
  place: establishments,
  hospital: { id: hospitals.id, name: hospitals.name },
  creator: { id: users.id, first_name: users.first_name, last_name: users.last_name, email: users.email },
};

type Row = {
  place: typeof establishments.$inferSelect;
  hospital: { id: string; name: string } | null;
  creator: { id: string; first_name: string; last_name: string; email: string } | null;
};

function describe({ place, hospital, creator }: Row): WaitingEstablishment {
  return {
    id: place.id,
    name: place.name,
    type: establishmentTypes.coded(place.type as EstablishmentType),
    address1: place.address1,
    city: place.city,
    state: place.state as AuState,
    postcode: place.postcode,
    phone1: place.phone1,
    email: place.email,
    website: place.website,
    hospital: place.type === 'DT' && hospital?.id ? hospital : null,
    is_approved: place.is_approved,
    is_verified: place.is_verified,
    created_at: place.created_at.toISOString(),
    created_by: creator?.id
      ? { id: creator.id, name: `${creator.first_name} ${creator.last_name}`, email: creator.email }
      : null,
  };
}

const select = (q: Queryable) =>
  q
    .select(columns)
    .from(establishments)
    .leftJoin(hospitals, eq(hospitals.id, establishments.hospital_id))
    .leftJoin(users, eq(users.id, establishments.created_by_id));

/**
 * The platform administrators' queue, a page of it: those waiting for approval first, then those waiting
 * for verification, oldest first within each, so what has waited longest is at the top.
 */
export async function listWaitingEstablishments(
  q: Queryable,
  query: PageQuery,
): Promise<{ count: number; results: WaitingEstablishment[] }> {
  const { limit, offset } = pageWindow(query);
  const [total] = await q.select({ n: count() }).from(establishments).where(waiting);
  const rows = await select(q)
    .where(waiting)
    .orderBy(sql`${establishments.is_approved} asc`, asc(establishments.created_at), asc(establishments.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: rows.map(describe) };
}

/** One establishment as the queue shows it (also once it has left the queue), or undefined. */
export async function waitingEstablishment(
  q: Queryable,
  id: string,
): Promise<WaitingEstablishment | undefined> {
  const [row] = await select(q).where(and(eq(establishments.id, id), ne(establishments.type, 'PA')));
  return row ? describe(row) : undefined;
}
