import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  ExternalDraftAttachmentSchema,
  ExternalDraftAttachmentWriteSchema,
} from '@referrals/domain/portals/external-referral-schemas';
import { uploadedPart } from '../../files/file-store.ts';
import { createDraftAttachment } from './create-draft-attachment.ts';
import { deleteDraftAttachment } from './delete-draft-attachment.ts';
import { DraftParamsSchema, DraftTokenHeadersSchema, draftCallOf, findDraft } from './draft-access.ts';
import { draftFiles, toDraftAttachment } from './draft-queries.ts';
import { updateDraftAttachment } from './update-draft-attachment.ts';

const FILES = '/api/public/establishments/:id/referrals/:ref/referrer-attachments/';
const FILE = `${FILES}:att/`;
const FileParamsSchema = DraftParamsSchema.extend({ att: z.string() });

/**
 * The files of an external referral's draft (spec section 7 Public: GET, POST, PATCH and DELETE
 * …/referrer-attachments/ and /{att}/), under the referral attachments' rules; they become the referral's
 * referrer attachments when it is submitted, and go with the draft when it expires.
 */
export const draftAttachmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const storage = app.storage;
  const tags = ['portals'];
  const config = { access: 'public' as const };
  const errors = { 404: DetailErrorSchema };

  app.get(
    FILES,
    {
      config,
      schema: {
        tags,
        operationId: 'listExternalReferralDraftAttachments',
        summary: 'The draft’s files, oldest first (X-Draft-Token)',
        params: DraftParamsSchema,
        headers: DraftTokenHeadersSchema,
        response: { 200: z.array(ExternalDraftAttachmentSchema), ...errors },
      },
    },
    async (request) => {
      const { draft } = await findDraft(db, draftCallOf(request));
      return (await draftFiles(db, draft.id)).map(toDraftAttachment);
    },
  );

  app.post(
    FILES,
    {
      config,
      schema: {
        tags,
        operationId: 'createExternalReferralDraftAttachment',
        summary: 'Attach a file to the draft (X-Draft-Token; multipart: "field" first, then "file")',
        description:
          'The type is read from the bytes and checked against the receiver’s form field’s accept list ' +
          '(default: PDF, PNG, JPEG, GIF, WebP, DOCX, XLSX, PPTX, RTF); up to 5 MB (413 past it), the ' +
          'field’s max_files (default 1) and 20 files in all.',
        consumes: ['multipart/form-data'],
        params: DraftParamsSchema,
        headers: DraftTokenHeadersSchema,
        response: {
          201: ExternalDraftAttachmentSchema,
          400: FieldErrorsSchema,
          ...errors,
          413: FieldErrorsSchema,
        },
      },
    },
    async (request, reply) => {
      const call = draftCallOf(request);
      // The draft is looked at before the body is read, so a stranger's upload is refused unread.
      await findDraft(db, call);
      const part = await uploadedPart(request);
      return reply.status(201).send(await createDraftAttachment(db, { call, storage, ...part }));
    },
  );

  app.patch(
    FILE,
    {
      config,
      schema: {
        tags,
        operationId: 'updateExternalReferralDraftAttachment',
        summary: 'Move a draft’s file to another form field, or to none (X-Draft-Token)',
        params: FileParamsSchema,
        headers: DraftTokenHeadersSchema,
        body: ExternalDraftAttachmentWriteSchema,
        response: { 200: ExternalDraftAttachmentSchema, 400: FieldErrorsSchema, ...errors },
      },
    },
    async (request) =>
      updateDraftAttachment(db, {
        call: draftCallOf(request),
        attachmentId: request.params.att,
        body: request.body,
      }),
  );

  app.delete(
    FILE,
    {
      config,
      schema: {
        tags,
        operationId: 'deleteExternalReferralDraftAttachment',
        summary: 'Remove a file from the draft, and from the file storage (X-Draft-Token)',
        params: FileParamsSchema,
        headers: DraftTokenHeadersSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDraftAttachment(db, {
        call: draftCallOf(request),
        storage,
        attachmentId: request.params.att,
      });
      return reply.status(204).send();
    },
  );

  done();
};
