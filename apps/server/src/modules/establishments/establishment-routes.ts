import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  EstablishmentFullPageSchema,
  EstablishmentListQuerySchema,
  EstablishmentSchema,
  EstablishmentDetailQuerySchema,
  EstablishmentIdParamsSchema,
  EstablishmentSlugParamsSchema,
} from '@referrals/domain/establishments/establishment-schemas';
import { notFound } from '../../http/api-errors.ts';
import { toPage } from '../../http/paging.ts';
import { callerOf } from '../tenancy/caller.ts';
import { getEstablishment, getEstablishmentBySlug, listEstablishments } from './establishment-queries.ts';

/**
 * Reading establishments (spec section 7, Establishments): the signed-in directory that pickers, Settings
 * and the admin portal use, and one establishment. The public list is with the portals
 * (portals/public-establishment-routes.ts).
 */
export const establishmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  // The intake address is shown only when this server takes mail (INBOUND_SMTP_PORT); an editor's portal
  // settings carry the portal's address under PUBLIC_URL.
  const described = { intakeDomain: app.config.inboundMail?.domain, publicUrl: app.config.publicUrl };

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
      const { count: total, results } = await listEstablishments(db, caller, request.query, described);
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
        ...described,
        includeDoctors: request.query.include_doctors === 'true',
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
        ...described,
        includeDoctors: request.query.include_doctors === 'true',
      });
      if (!found) throw notFound();
      return found;
    },
  );

  done();
};
