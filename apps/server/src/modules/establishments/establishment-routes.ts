import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { establishmentTypes, type AuState } from '@referrals/domain/establishments/establishment-codes';
import {
  EstablishmentListQuerySchema,
  EstablishmentPageSchema,
} from '@referrals/domain/establishments/establishment-schemas';
import { establishments } from '../../db/schema/establishments.ts';
import { pageWindow, toPage } from '../../http/paging.ts';

const hospitals = alias(establishments, 'hospitals');

/**
 * The directory of approved establishments that pickers search (registration step 2, referral receivers).
 * Establishments are not tenant data: any signed-in user may find a practice to join or refer to.
 */
export const establishmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.get(
    '/api/establishments/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['establishments'],
        summary: 'Search approved establishments by name, type and state',
        security: [{ bearer: [] }],
        querystring: EstablishmentListQuerySchema,
        response: { 200: EstablishmentPageSchema, 400: FieldErrorsSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions: SQL[] = [eq(establishments.is_approved, true), ne(establishments.type, 'PA')];
      if (query.keyword)
        conditions.push(ilike(establishments.name, `%${query.keyword.replace(/[%_\\]/g, '\\$&')}%`));
      if (query.type) conditions.push(eq(establishments.type, query.type));
      if (query.states) conditions.push(inArray(establishments.state, query.states));
      if (query.accepts_join_requests) {
        conditions.push(eq(establishments.accepts_join_requests, query.accepts_join_requests === 'true'));
      }
      const where = and(...conditions);
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(establishments).where(where);
      const rows = await db
        .select({ place: establishments, hospital: { id: hospitals.id, name: hospitals.name } })
        .from(establishments)
        .leftJoin(hospitals, eq(hospitals.id, establishments.hospital_id))
        .where(where)
        .orderBy(asc(establishments.name), asc(establishments.id))
        .limit(limit)
        .offset(offset);
      const results = rows.map(({ place, hospital }) => ({
        id: place.id,
        name: place.name,
        type: establishmentTypes.coded(place.type as never),
        address1: place.address1,
        city: place.city,
        state: place.state as AuState,
        postcode: place.postcode,
        phone1: place.phone1,
        hospital: hospital?.id ? { id: hospital.id, name: hospital.name } : null,
        accepts_join_requests: place.accepts_join_requests,
        accepts_in_app_referrals: place.accepts_in_app_referrals,
      }));
      return toPage(request, query, total?.n ?? 0, results, app.config.publicUrl);
    },
  );
  done();
};
