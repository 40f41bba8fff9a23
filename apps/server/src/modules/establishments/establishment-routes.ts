import { and, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  EstablishmentFullPageSchema,
  EstablishmentListQuerySchema,
  EstablishmentSchema,
  PublicEstablishmentPageSchema,
  type PublicEstablishmentSchema,
  EstablishmentDetailQuerySchema,
  EstablishmentIdParamsSchema,
  EstablishmentSlugParamsSchema,
} from '@referrals/domain/establishments/establishment-schemas';
import { establishments } from '../../db/schema/establishments.ts';
import { notFound } from '../../http/api-errors.ts';
import { pageWindow, toPage } from '../../http/paging.ts';
import { callerOf } from '../tenancy/caller.ts';
import {
  establishmentFields,
  establishmentOrder,
  filterConditions,
  getEstablishment,
  getEstablishmentBySlug,
  listEstablishments,
} from './establishment-queries.ts';

const hospitals = alias(establishments, 'hospitals');
type PublicEstablishment = z.infer<typeof PublicEstablishmentSchema>;

/**
 * Reading establishments (spec section 7, Establishments): the signed-in directory that pickers, Settings
 * and the admin portal use, one establishment, and the public list that portals show signed out.
 */
export const establishmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  // The intake address is shown only when this server takes mail (INBOUND_SMTP_PORT).
  const intakeDomain = app.config.inboundMail?.domain;

  app.get(
    '/api/establishments/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['establishments'],
        operationId: 'listEstablishments',
        summary: 'List establishments of one type with every filter of section 3, paged',
        description:
          'Approved establishments (never personal spaces); with approved=false, the unapproved ones the ' +
          'caller created or works at. A hospital lists only its verified departments accepting join ' +
          'requests, unless the caller can edit the hospital.',
        security,
        querystring: EstablishmentListQuerySchema,
        response: { 200: EstablishmentFullPageSchema, 400: FieldErrorsSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const { count: total, results } = await listEstablishments(db, caller, request.query, { intakeDomain });
      return toPage(request, request.query, total, results, app.config.publicUrl);
    },
  );

  app.get(
    '/api/establishments/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['establishments'],
        operationId: 'getEstablishment',
        summary: 'One establishment, with can_edit and can_delete for the caller',
        description: '`include_doctors=true` adds its verified doctors (the assignees a triage may choose).',
        security,
        params: EstablishmentIdParamsSchema,
        querystring: EstablishmentDetailQuerySchema,
        response: {
          200: EstablishmentSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const found = await getEstablishment(db, await callerOf(request), request.params.id, {
        includeDoctors: request.query.include_doctors === 'true',
        intakeDomain,
      });
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    '/api/establishments/by-slug/:slug/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['establishments'],
        operationId: 'getEstablishmentBySlug',
        summary: 'The establishment a send/:establishment_slug link names',
        description:
          'Friendly forwarding (spec section 2) opens referral creation with this establishment as the ' +
          'receiver. The same establishments as by id are readable; any other slug is a 404. ' +
          '`include_doctors=true` adds its verified doctors (the assignees).',
        security,
        params: EstablishmentSlugParamsSchema,
        querystring: EstablishmentDetailQuerySchema,
        response: {
          200: EstablishmentSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const found = await getEstablishmentBySlug(db, await callerOf(request), request.params.slug, {
        includeDoctors: request.query.include_doctors === 'true',
        intakeDomain,
      });
      if (!found) throw notFound();
      return found;
    },
  );

  const PublicListQuerySchema = EstablishmentListQuerySchema.omit({ include_doctors: true });

  app.get(
    '/api/public/establishments/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'listPublicEstablishments',
        summary: 'List approved establishments (no sign-in), with the same filters',
        querystring: PublicListQuerySchema,
        response: { 200: PublicEstablishmentPageSchema, 400: FieldErrorsSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const where = and(eq(establishments.is_approved, true), ...filterConditions(db, query));
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(establishments).where(where);
      const rows = await db
        .select({ place: establishments, hospital: { id: hospitals.id, name: hospitals.name } })
        .from(establishments)
        .leftJoin(hospitals, eq(hospitals.id, establishments.hospital_id))
        .where(where)
        .orderBy(...establishmentOrder(query))
        .limit(limit)
        .offset(offset);
      const results = rows.map(({ place, hospital }) =>
        publicFields(establishmentFields(place, hospital?.id ? hospital : null)),
      );
      return toPage(request, query, total?.n ?? 0, results, app.config.publicUrl);
    },
  );

  done();
};

/** Only what a signed-out visitor may see: no caller-specific or internal flags. */
function publicFields(all: ReturnType<typeof establishmentFields>): PublicEstablishment {
  return {
    id: all.id,
    name: all.name,
    type: all.type,
    address1: all.address1,
    city: all.city,
    state: all.state,
    postcode: all.postcode,
    phone1: all.phone1,
    website: all.website,
    services: all.services,
    accepts_in_app_referrals: all.accepts_in_app_referrals,
    branding: all.branding,
    hospital: all.hospital,
  };
}
