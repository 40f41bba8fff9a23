import { and, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  EstablishmentIdParamsSchema,
  EstablishmentListQuerySchema,
  EstablishmentSlugParamsSchema,
  PublicEstablishmentPageSchema,
  type PublicEstablishmentSchema,
} from '@referrals/domain/establishments/establishment-schemas';
import { PublicFormTemplatesSchema, PublicPortalSchema } from '@referrals/domain/portals/portal-schemas';
import { establishments } from '../../db/schema/establishments.ts';
import { notFound } from '../../http/api-errors.ts';
import { pageWindow, toPage } from '../../http/paging.ts';
import {
  establishmentFields,
  establishmentOrder,
  filterConditions,
} from '../establishments/establishment-queries.ts';
import { getPublicPortal, publishedFormTemplates } from './portal-queries.ts';

const hospitals = alias(establishments, 'hospitals');
type PublicEstablishment = z.infer<typeof PublicEstablishmentSchema>;

const PublicListQuerySchema = EstablishmentListQuerySchema.omit({ include_doctors: true }).extend({
  /** The slug of /refer/{slug}: the answer is then that one portal, not a page. */
  slug: EstablishmentSlugParamsSchema.shape.slug.optional(),
});

/**
 * The signed-out establishment reads (spec section 7 Public; docs/portals.md): the public list with the
 * filters of section 3, and the public referral portals: a portal by its slug, its branding by id and the
 * form templates its page fills in. Nothing here needs a sign-in, so nothing here names a patient, a
 * member of staff or a setting beyond what the portal page shows.
 */
export const publicEstablishmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.get(
    '/api/public/establishments/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'listPublicEstablishments',
        summary: 'List approved establishments (no sign-in), with the same filters; or one portal by slug',
        description:
          'Without `slug`, a page of approved establishments (never personal spaces). With `slug`, the ' +
          'public referral portal at /refer/{slug} (a PublicPortal, not a page; the other filters do not ' +
          'apply): 404 when no establishment has that slug, its portal is off or it is not approved.',
        querystring: PublicListQuerySchema,
        response: {
          200: z.union([PublicEstablishmentPageSchema, PublicPortalSchema]),
          400: FieldErrorsSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const { slug, ...query } = request.query;
      if (slug !== undefined) {
        const portal = await getPublicPortal(db, { slug });
        if (!portal) throw notFound();
        return portal;
      }
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

  app.get(
    '/api/public/establishments/:id/branding/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'getPublicPortalBranding',
        summary: "An establishment's public referral portal by id (no sign-in)",
        description:
          'What the portal page shows: the establishment, its logo (a public address), colour and welcome, ' +
          'and who may send. 404 when its portal is off, it has no slug or it is not approved.',
        params: EstablishmentIdParamsSchema,
        response: { 200: PublicPortalSchema, 400: FieldErrorsSchema, 404: DetailErrorSchema },
      },
    },
    async (request) => {
      const portal = await getPublicPortal(db, { id: request.params.id });
      if (!portal) throw notFound();
      return portal;
    },
  );

  app.get(
    '/api/public/establishments/:id/form-templates/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'listPublicPortalFormTemplates',
        summary: "The active form templates of an establishment's public referral portal (no sign-in)",
        description:
          'In position order, as the referral wizard gets them; 404 when the establishment has no ' +
          'published portal.',
        params: EstablishmentIdParamsSchema,
        response: { 200: PublicFormTemplatesSchema, 400: FieldErrorsSchema, 404: DetailErrorSchema },
      },
    },
    async (request) => {
      const templates = await publishedFormTemplates(db, request.params.id);
      if (!templates) throw notFound();
      return templates;
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
