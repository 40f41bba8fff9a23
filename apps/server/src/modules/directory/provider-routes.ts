import { and, asc, count, eq, exists, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  PROVIDER_LIST_ROLES,
  ProviderListQuerySchema,
  ProviderPageSchema,
  type Provider,
  type ProviderListQuery,
} from '@referrals/domain/directory/doctor-schemas';
import { roles, titles } from '@referrals/domain/people/people-codes';
import { specialtyCodeOf, specialtyCodes } from '@referrals/domain/people/specialty-codes';
import { placeName } from '@referrals/domain/establishments/place-name';
import type { Queryable } from '../../db/database.ts';
import { namesStartWith } from '../../db/name-search.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments, specialties, users } from '../../db/schema/people.ts';
import { pageWindow, toPage } from '../../http/paging.ts';
import { outsideLimitedMode } from '../tenancy/route-access.ts';

const hospitals = alias(establishments, 'hospitals');

/**
 * Where a provider is listed as working: an approved employment at an approved place (not a personal space).
 * The FHIR API's PractitionerRole is one such employment.
 */
export const listedWorkplace = () =>
  and(
    eq(employments.user_id, users.id),
    eq(employments.status, 'APPROVED'),
    eq(establishments.is_approved, true),
    ne(establishments.type, 'PA'),
  );

/**
 * The people the Providers list shows (of one role, when given): a provider role and an approved employment
 * at an approved establishment. The FHIR API's Practitioner reads the same people.
 */
export function listedProviders(q: Queryable, role?: ProviderListQuery['role']) {
  return and(
    eq(users.user_type, 'provider'),
    role === undefined ? inArray(users.role, [...PROVIDER_LIST_ROLES]) : eq(users.role, role),
    exists(
      q
        .select({ one: sql`1` })
        .from(employments)
        .innerJoin(establishments, eq(establishments.id, employments.establishment_id))
        .where(listedWorkplace()),
    ),
  );
}

/**
 * The Providers list (spec section 2 /providers): platform users with role GP, GPP, SP or SPT and an
 * approved employment at an approved establishment, with the names of those establishments. Patients never
 * appear (they have no role), and no email or phone is given.
 */
export async function listProviders(
  q: Queryable,
  query: ProviderListQuery,
): Promise<{ count: number; results: Provider[] }> {
  const where = and(listedProviders(q, query.role), ...namesStartWith(query.keyword));
  const { limit, offset } = pageWindow(query);
  const [total] = await q.select({ n: count() }).from(users).where(where);
  const people = await q
    .select({
      id: users.id,
      title: users.title,
      first_name: users.first_name,
      last_name: users.last_name,
      role: users.role,
    })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.last_name})`), asc(sql`lower(${users.first_name})`), asc(users.id))
    .limit(limit)
    .offset(offset);
  const ids = people.map((person) => person.id);
  const places =
    ids.length === 0
      ? []
      : await q
          .select({
            user_id: employments.user_id,
            id: establishments.id,
            name: establishments.name,
            hospital: { name: hospitals.name },
          })
          .from(employments)
          .innerJoin(establishments, eq(establishments.id, employments.establishment_id))
          .leftJoin(hospitals, eq(hospitals.id, establishments.hospital_id))
          .where(
            and(
              inArray(employments.user_id, ids),
              eq(employments.status, 'APPROVED'),
              eq(establishments.is_approved, true),
              ne(establishments.type, 'PA'),
            ),
          )
          .orderBy(asc(employments.priority), asc(establishments.name));
  const fields =
    ids.length === 0
      ? []
      : await q
          .select({ user_id: specialties.user_id, practice: specialties.practice })
          .from(specialties)
          .where(inArray(specialties.user_id, ids))
          .orderBy(asc(specialties.priority));
  const results = people.map((person): Provider => {
    const role = roles.isCode(person.role) ? person.role : 'GP';
    return {
      id: person.id,
      title: titles.coded(titles.isCode(person.title) ? person.title : 'DR'),
      first_name: person.first_name,
      last_name: person.last_name,
      role: roles.coded(role),
      specialties: [
        ...new Set(
          fields
            .filter((field) => field.user_id === person.id)
            .map((field) => specialtyCodeOf(field.practice))
            .filter((code) => code !== null),
        ),
      ].map((code) => specialtyCodes.coded(code)),
      establishments: places
        .filter((place) => place.user_id === person.id)
        .map((place) => ({ id: place.id, name: placeName(place) })),
    };
  });
  return { count: total?.n ?? 0, results };
}

export const providerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/providers/',
    {
      config: { access: outsideLimitedMode },
      schema: {
        tags: ['doctors'],
        operationId: 'listProviders',
        summary: 'List the providers who use Referrals, with where they practise, paged',
        description:
          'Users with role GP, GPP, SP or SPT and an approved employment at an approved establishment ' +
          '(personal spaces are not listed). keyword: every word must match the start of the first or last ' +
          'name. No email or phone.',
        security: [{ bearer: [] }],
        querystring: ProviderListQuerySchema,
        response: {
          200: ProviderPageSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const { count: total, results } = await listProviders(app.database.db, request.query);
      return toPage(request, request.query, total, results, app.config.publicUrl);
    },
  );
  done();
};
