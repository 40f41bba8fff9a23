import { eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  HealthNetworkIdParamsSchema,
  NetworkHostParamsSchema,
  NetworkServicePageSchema,
  NetworkServiceQuerySchema,
  NetworkSlugQuerySchema,
  PublicBrandingSchema,
  PublicNetworkPortalSchema,
} from '@referrals/domain/portals/health-network-schemas';
import { PublicFormTemplatesSchema } from '@referrals/domain/portals/portal-schemas';
import { healthNetworks } from '../../../db/schema/portals.ts';
import { notFound } from '../../../http/api-errors.ts';
import { IMAGE_RESPONSE } from '../../../http/image-response.ts';
import { toPage } from '../../../http/paging.ts';
import { sendStoredFile } from '../../files/file-store.ts';
import { publishedFormTemplates } from '../portal-queries.ts';
import {
  getNetworkBranding,
  getPublicBranding,
  getPublicNetworkPortal,
  listNetworkServices,
  publishedNetwork,
} from './network-portal-queries.ts';

const found = <T>(value: T | undefined): T => {
  if (value === undefined) throw notFound();
  return value;
};

/**
 * The signed-out reads of health network portals (spec section 7 Public, as written; docs/portals.md,
 * Health network portals): the network's portal by id, by slug or by its own host, its branding, its
 * services and its logo. A network whose portal is off answers exactly as a missing one does.
 */
export const publicNetworkRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const { publicUrl } = app.config;
  const { storage } = app;
  const portalResponse = { 200: PublicNetworkPortalSchema, 400: FieldErrorsSchema, 404: DetailErrorSchema };
  app.get(
    '/api/public/organisations/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'getPublicNetworkPortalBySlug',
        summary: 'A health network’s portal by the slug of /refer/{slug} (no sign-in)',
        description: '404 when no network has that slug or its portal is off.',
        querystring: NetworkSlugQuerySchema,
        response: portalResponse,
      },
    },
    async (request) => found(await getPublicNetworkPortal(db, { slug: request.query.slug })),
  );

  app.get(
    '/api/public/organisations/:id/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'getPublicNetworkPortal',
        summary: 'A health network’s portal by id (no sign-in)',
        description: 'Its name, branding and who may send; 404 when its portal is off.',
        params: HealthNetworkIdParamsSchema,
        response: portalResponse,
      },
    },
    async (request) => found(await getPublicNetworkPortal(db, { id: request.params.id })),
  );

  app.get(
    '/api/public/health-network/:host/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'getPublicNetworkPortalByHost',
        summary: 'The health network portal served at a web address of its own (no sign-in)',
        description:
          'The host as the browser has it (`location.host`, lower-cased here); 404 when no network with a ' +
          'published portal has it.',
        params: NetworkHostParamsSchema,
        response: portalResponse,
      },
    },
    async (request) => found(await getPublicNetworkPortal(db, { host: request.params.host })),
  );

  app.get(
    '/api/public/organisations/:id/establishments/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'listPublicNetworkServices',
        summary: 'The services a sender may choose on a health network’s portal (no sign-in)',
        description:
          'Its establishments that publish a portal of their own, by name, with the sender types both ' +
          'portals take; `keyword` matches words of the name or suburb, `sender_type` narrows to one. 404 ' +
          'when the network’s portal is off.',
        params: HealthNetworkIdParamsSchema,
        querystring: NetworkServiceQuerySchema,
        response: { 200: NetworkServicePageSchema, 400: FieldErrorsSchema, 404: DetailErrorSchema },
      },
    },
    async (request) => {
      const network = found(await publishedNetwork(db, { id: request.params.id }));
      const { count, results } = await listNetworkServices(db, network, request.query);
      return toPage(request, request.query, count, results, publicUrl);
    },
  );

  const brandingResponse = { 200: PublicBrandingSchema, 400: FieldErrorsSchema, 404: DetailErrorSchema };
  app.get(
    '/api/public/organisation/:id/branding/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'getPublicNetworkBranding',
        summary: 'A health network’s portal branding (no sign-in)',
        description: 'Its name, logo, colour and welcome; 404 when its portal is off.',
        params: HealthNetworkIdParamsSchema,
        response: brandingResponse,
      },
    },
    async (request) => found(await getNetworkBranding(db, request.params.id)),
  );

  app.get(
    '/api/public/branding/:id/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'getPublicBranding',
        summary: 'The branding of a portal by id, a health network’s or an establishment’s (no sign-in)',
        description: '`kind` says whose it is; 404 when neither has a published portal with that id.',
        params: HealthNetworkIdParamsSchema,
        response: brandingResponse,
      },
    },
    async (request) => found(await getPublicBranding(db, request.params.id)),
  );

  app.get(
    '/api/public/organisation/:id/logo/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'getHealthNetworkLogo',
        summary: 'A health network’s logo (no sign-in)',
        description: 'The image with its own content type; 404 when the network has no logo.',
        params: HealthNetworkIdParamsSchema,
        response: { 200: IMAGE_RESPONSE, 400: FieldErrorsSchema, 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select({ logo: healthNetworks.logo })
        .from(healthNetworks)
        .where(eq(healthNetworks.id, request.params.id));
      return sendStoredFile(reply, storage, row?.logo, {
        filename: 'logo',
        cache: 'public, max-age=86400',
      });
    },
  );

  app.get(
    '/api/public/form-templates/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'listPublicFormTemplates',
        summary: 'The active form templates of a published portal (no sign-in)',
        description:
          'The same answer as public/establishments/{id}/form-templates/, for the establishment named by ' +
          '`establishment`; 404 when it has no published portal.',
        querystring: z.object({ establishment: z.uuid() }),
        response: { 200: PublicFormTemplatesSchema, 400: FieldErrorsSchema, 404: DetailErrorSchema },
      },
    },
    async (request) => found(await publishedFormTemplates(db, request.query.establishment)),
  );

  done();
};
