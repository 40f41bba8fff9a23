import { eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { PROFILE_IMAGE_TYPES } from '@referrals/domain/files/content-type';
import { establishments } from '../../db/schema/establishments.ts';
import { IMAGE_RESPONSE } from '../../http/image-response.ts';
import { removeStoredFile, sendStoredFile, storeUpload, uploadedFile } from '../files/file-store.ts';
import { callerOf } from '../tenancy/caller.ts';
import { brandingLogoUrl } from './establishment-queries.ts';
import { EstablishmentIdParamsSchema } from '@referrals/domain/establishments/establishment-schemas';
import { auditActorOf } from '../audit/record-audit.ts';
import { editableEstablishmentRow, setBrandingLogo } from './establishment-writes.ts';

const LOGO_PATH = '/api/establishments/:id/branding-logo/';

/**
 * The establishment's branding logo (spec section 2 Layout: the top bar shows it; portals show it signed
 * out). Uploading and removing need can_edit; reading is public, because an <img> carries no token.
 */
export const brandingLogoRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const storage = app.storage;
  const security = [{ bearer: [] }];

  app.post(
    LOGO_PATH,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['establishments'],
        operationId: 'uploadBrandingLogo',
        summary: 'Upload the branding logo (multipart field "file"; PNG, JPEG, GIF or WebP; up to 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        params: EstablishmentIdParamsSchema,
        response: {
          202: z.object({ detail: z.string(), url: z.string() }),
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
          413: FieldErrorsSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { id } = request.params;
      // Refuse before reading the upload, so nobody without can_edit gets a file stored.
      await editableEstablishmentRow(db, caller, id);
      const stored = await storeUpload(storage, await uploadedFile(request), {
        accept: PROFILE_IMAGE_TYPES,
        acceptText: 'Upload a PNG, JPEG, GIF or WebP image.',
      });
      let replaced: string | null;
      try {
        replaced = await setBrandingLogo(db, caller, id, stored.name, auditActorOf(request, caller));
      } catch (error) {
        await removeStoredFile(storage, stored.name);
        throw error;
      }
      await removeStoredFile(storage, replaced);
      return reply
        .status(202)
        .send({ detail: 'Logo received.', url: brandingLogoUrl(id, stored.name) ?? '' });
    },
  );

  app.delete(
    LOGO_PATH,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['establishments'],
        operationId: 'deleteBrandingLogo',
        summary: 'Remove the branding logo',
        security,
        params: EstablishmentIdParamsSchema,
        response: {
          204: z.undefined(),
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const replaced = await setBrandingLogo(
        db,
        caller,
        request.params.id,
        null,
        auditActorOf(request, caller),
      );
      await removeStoredFile(storage, replaced);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/public/establishments/:id/branding-logo/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'getBrandingLogo',
        summary: "An establishment's branding logo (no sign-in)",
        description: 'The image with its own content type; 404 when the establishment has no logo.',
        params: EstablishmentIdParamsSchema,
        response: { 200: IMAGE_RESPONSE, 400: FieldErrorsSchema, 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select({ logo: establishments.branding_logo })
        .from(establishments)
        .where(eq(establishments.id, request.params.id));
      return sendStoredFile(reply, storage, row?.logo, {
        filename: 'logo',
        // The URL changes with every upload (?v=), so a day's caching never shows a stale logo.
        cache: 'public, max-age=86400',
      });
    },
  );

  done();
};
