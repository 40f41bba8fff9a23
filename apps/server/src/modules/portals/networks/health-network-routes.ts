import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { PROFILE_IMAGE_TYPES } from '@referrals/domain/files/content-type';
import {
  HealthNetworkIdParamsSchema,
  HealthNetworkListQuerySchema,
  HealthNetworkPageSchema,
  HealthNetworkSchema,
  HealthNetworkWriteSchema,
} from '@referrals/domain/portals/health-network-schemas';
import { escapeLike } from '../../../db/like-pattern.ts';
import { healthNetworks } from '../../../db/schema/portals.ts';
import { notFound } from '../../../http/api-errors.ts';
import { pageWindow, toPage } from '../../../http/paging.ts';
import { auditActorOf } from '../../audit/record-audit.ts';
import { removeStoredFile, storeUpload, uploadedFile } from '../../files/file-store.ts';
import { callerOf } from '../../tenancy/caller.ts';
import { platformAdminOnly } from '../../tenancy/route-access.ts';
import { networkCounts, networkLogoUrl, toHealthNetwork } from './health-network-rows.ts';
import { saveHealthNetwork, setHealthNetworkLogo } from './save-health-network.ts';

const COLLECTION = '/api/platform/health-networks/';
const ITEM = '/api/platform/health-networks/:id/';
const LOGO = '/api/platform/health-networks/:id/logo/';

/**
 * The platform administrators' health networks (docs/portals.md, Health network portals): the network's
 * code, its portal's address and settings, and its logo. A network spans establishments no one of them
 * owns, so the Referrals team keeps it; everyone else gets 403.
 */
export const healthNetworkRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const { publicUrl } = app.config;
  const { storage } = app;
  const security = [{ bearer: [] }];
  const errors = {
    400: FieldErrorsSchema,
    401: DetailErrorSchema,
    403: DetailErrorSchema,
  };

  app.get(
    COLLECTION,
    {
      config: { access: platformAdminOnly },
      schema: {
        tags: ['platform'],
        operationId: 'listHealthNetworks',
        summary: 'Health networks, newest first',
        description: '`keyword` matches the name or the code.',
        security,
        querystring: HealthNetworkListQuerySchema,
        response: { 200: HealthNetworkPageSchema, ...errors },
      },
    },
    async (request) => {
      const { keyword, ...query } = request.query;
      const where = keyword
        ? or(
            ilike(healthNetworks.name, `%${escapeLike(keyword)}%`),
            ilike(healthNetworks.code, `%${escapeLike(keyword)}%`),
          )
        : undefined;
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(healthNetworks).where(where);
      const rows = await db
        .select()
        .from(healthNetworks)
        .where(where)
        .orderBy(desc(healthNetworks.created_at), desc(healthNetworks.id))
        .limit(limit)
        .offset(offset);
      const results = await Promise.all(
        rows.map(async (row) => toHealthNetwork(row, await networkCounts(db, row.code), publicUrl)),
      );
      return toPage(request, request.query, total?.n ?? 0, results, publicUrl);
    },
  );

  app.post(
    COLLECTION,
    {
      config: { access: platformAdminOnly },
      schema: {
        tags: ['platform'],
        operationId: 'createHealthNetwork',
        summary: 'Add a health network',
        description:
          'Its establishments are those whose `health_organisation_network` is its `code`. A taken code, ' +
          'slug (another network’s or an establishment’s) or host is a 400 on that field.',
        security,
        body: HealthNetworkWriteSchema,
        response: { 201: HealthNetworkSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const network = await saveHealthNetwork(db, {
        actor: auditActorOf(request, caller),
        id: null,
        body: request.body,
        publicUrl,
      });
      return reply.status(201).send(network);
    },
  );

  app.get(
    ITEM,
    {
      config: { access: platformAdminOnly },
      schema: {
        tags: ['platform'],
        operationId: 'getHealthNetwork',
        summary: 'A health network',
        security,
        params: HealthNetworkIdParamsSchema,
        response: { 200: HealthNetworkSchema, ...errors, 404: DetailErrorSchema },
      },
    },
    async (request) => {
      const [row] = await db.select().from(healthNetworks).where(eq(healthNetworks.id, request.params.id));
      if (!row) throw notFound();
      return toHealthNetwork(row, await networkCounts(db, row.code), publicUrl);
    },
  );

  app.put(
    ITEM,
    {
      config: { access: platformAdminOnly },
      schema: {
        tags: ['platform'],
        operationId: 'updateHealthNetwork',
        summary: 'Change a health network',
        description: 'Leaving `host` or `portal` (or one of its settings) out keeps what is stored.',
        security,
        params: HealthNetworkIdParamsSchema,
        body: HealthNetworkWriteSchema,
        response: { 200: HealthNetworkSchema, ...errors, 404: DetailErrorSchema },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return saveHealthNetwork(db, {
        actor: auditActorOf(request, caller),
        id: request.params.id,
        body: request.body,
        publicUrl,
      });
    },
  );

  app.post(
    LOGO,
    {
      config: { access: platformAdminOnly },
      schema: {
        tags: ['platform'],
        operationId: 'uploadHealthNetworkLogo',
        summary: 'Upload the network’s logo (multipart field "file"; PNG, JPEG, GIF or WebP; up to 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        params: HealthNetworkIdParamsSchema,
        response: {
          202: z.object({ detail: z.string(), url: z.string() }),
          ...errors,
          404: DetailErrorSchema,
          413: FieldErrorsSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { id } = request.params;
      const [exists] = await db
        .select({ id: healthNetworks.id })
        .from(healthNetworks)
        .where(eq(healthNetworks.id, id));
      if (!exists) throw notFound();
      const stored = await storeUpload(storage, await uploadedFile(request), {
        accept: PROFILE_IMAGE_TYPES,
        acceptText: 'Upload a PNG, JPEG, GIF or WebP image.',
      });
      let replaced: string | null;
      try {
        replaced = await setHealthNetworkLogo(db, {
          actor: auditActorOf(request, caller),
          id,
          stored: stored.name,
        });
      } catch (error) {
        await removeStoredFile(storage, stored.name);
        throw error;
      }
      await removeStoredFile(storage, replaced);
      return reply.status(202).send({ detail: 'Logo received.', url: networkLogoUrl(id, stored.name) ?? '' });
    },
  );

  app.delete(
    LOGO,
    {
      config: { access: platformAdminOnly },
      schema: {
        tags: ['platform'],
        operationId: 'deleteHealthNetworkLogo',
        summary: 'Remove the network’s logo',
        security,
        params: HealthNetworkIdParamsSchema,
        response: { 204: z.undefined(), ...errors, 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const replaced = await setHealthNetworkLogo(db, {
        actor: auditActorOf(request, caller),
        id: request.params.id,
        stored: null,
      });
      await removeStoredFile(storage, replaced);
      return reply.status(204).send();
    },
  );

  done();
};
