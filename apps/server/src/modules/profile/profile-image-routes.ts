import { eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { PROFILE_IMAGE_TYPES } from '@referrals/domain/files/content-type';
import { users } from '../../db/schema/people.ts';
import { notFound } from '../../http/api-errors.ts';
import { IMAGE_RESPONSE } from '../../http/image-response.ts';
import { removeStoredFile, sendStoredFile, storeUpload, uploadedFile } from '../files/file-store.ts';
import { PROFILE_IMAGE_KINDS, profileImageUrl } from './profile-images.ts';

/** How each kind is named in the operation ids of its upload, read and removal. */
const IMAGE_OPERATION_NAMES: Record<keyof typeof PROFILE_IMAGE_KINDS, string> = {
  'avatar-image': 'AvatarImage',
  'signature-image': 'SignatureImage',
};

export const profileImageRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const storage = app.storage;

  // One route per kind rather than a :type parameter, so other paths under /api/profile/ stay free and a
  // wrong method there is still a 405.
  for (const kind of Object.keys(PROFILE_IMAGE_KINDS) as (keyof typeof PROFILE_IMAGE_KINDS)[]) {
    const column = PROFILE_IMAGE_KINDS[kind];
    const url = `/api/profile/${kind}/`;

    app.post(
      url,
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['profile'],
          operationId: `upload${IMAGE_OPERATION_NAMES[kind]}`,
          summary:
            'Upload the avatar or signature image (multipart field "file"; PNG, JPEG, GIF or WebP; up to 5 MB)',
          security,
          consumes: ['multipart/form-data'],
          response: {
            202: z.object({ detail: z.string(), url: z.string() }),
            400: FieldErrorsSchema,
            401: DetailErrorSchema,
            413: FieldErrorsSchema,
          },
        },
      },
      async (request, reply) => {
        const stored = await storeUpload(storage, await uploadedFile(request), {
          accept: PROFILE_IMAGE_TYPES,
          acceptText: 'Upload a PNG, JPEG, GIF or WebP image.',
        });
        const userId = request.user?.id ?? '';
        const [before] = await db.select({ previous: users[column] }).from(users).where(eq(users.id, userId));
        await db
          .update(users)
          .set({ [column]: stored.name })
          .where(eq(users.id, userId));
        await removeStoredFile(storage, before?.previous ?? null);
        return reply
          .status(202)
          .send({ detail: 'Image received.', url: profileImageUrl(kind, stored.name) ?? '' });
      },
    );

    app.get(
      url,
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['profile'],
          operationId: `get${IMAGE_OPERATION_NAMES[kind]}`,
          summary: `The ${kind}`,
          security,
          response: { 200: IMAGE_RESPONSE, 401: DetailErrorSchema, 404: DetailErrorSchema },
        },
      },
      async (request, reply) => {
        const [row] = await db
          .select({ name: users[column] })
          .from(users)
          .where(eq(users.id, request.user?.id ?? ''));
        return sendStoredFile(reply, storage, row?.name, { filename: kind, cache: 'private, max-age=3600' });
      },
    );

    app.delete(
      url,
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['profile'],
          operationId: `delete${IMAGE_OPERATION_NAMES[kind]}`,
          summary: 'Remove the avatar or signature image',
          security,
          response: { 204: z.undefined(), 401: DetailErrorSchema, 404: DetailErrorSchema },
        },
      },
      async (request, reply) => {
        const userId = request.user?.id ?? '';
        const [row] = await db.select({ name: users[column] }).from(users).where(eq(users.id, userId));
        if (!row?.name) throw notFound();
        await db
          .update(users)
          .set({ [column]: null })
          .where(eq(users.id, userId));
        await removeStoredFile(storage, row.name);
        return reply.status(204).send();
      },
    );
  }
  done();
};
