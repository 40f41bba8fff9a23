import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FieldErrorsSchema, PageQuerySchema } from '@referrals/domain/api';
import {
  ATTACHMENT_KINDS,
  AttachmentMetaUpdateSchema,
  AttachmentPageSchema,
  AttachmentSchema,
  safeFileName,
  type AttachmentKind,
} from '@referrals/domain/referrals/forms/attachment-schemas';
import { ReferralConflictSchema } from '@referrals/domain/referrals/referral-schemas';
import { FileBytesSchema, FILE_RESPONSE, NO_STORE } from '../../../http/file-response.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { toPage } from '../../../http/paging.ts';
import { sendStoredFile, uploadedPart } from '../../files/file-store.ts';
import { referralCall } from '../referral-call.ts';
import { zipAttachments } from './attachments-zip.ts';
import { createReferralAttachment } from './create-referral-attachment.ts';
import { deleteReferralAttachment } from './delete-referral-attachment.ts';
import {
  allReferralAttachments,
  listReferralAttachments,
  readReferralAttachment,
} from './read-referral-attachments.ts';
import { updateReferralAttachment } from './update-referral-attachment.ts';

const AttachmentParamsSchema = z.object({ id: z.string(), attachmentId: z.string() });
const ZIP_RESPONSE = {
  description: 'A zip of the supplementary files.',
  content: { 'application/zip': { schema: FileBytesSchema } },
};

const NAMES: Record<AttachmentKind, string> = {
  referrer: 'ReferrerAttachment',
  receiver: 'ReceiverAttachment',
  reschedule: 'RescheduleAttachment',
  supplementary: 'SupplementaryAttachment',
  patient: 'PatientAttachment',
};

/**
 * A referral's attachment lists (spec section 7 Attachments; the patient's, read-only here, from
 * docs/external-access.md), each under
 * /api/referrals/{id}/{kind}-attachments/: list (paged), upload (multipart: form fields `field` and `note`,
 * then `file`), read, PATCH meta, DELETE, and the file itself at .../{attachment}/file/ (a separate
 * path, not ?download, so the JSON and the bytes each have one response type). Every call goes through
 * the referral's visibility check: outsiders get 404, a shared-with reader reads only.
 */
export const attachmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const storage = app.storage;
  const security = [{ bearer: [] }];
  const tags = ['referrals'];
  const errors = SIGNED_IN_ERROR_RESPONSES;
  const writeErrors = { ...errors, 409: ReferralConflictSchema };
  const config = { access: 'signed-in' as const };

  for (const kind of ATTACHMENT_KINDS) {
    const list = `/api/referrals/:id/${kind}-attachments/`;
    const one = `${list}:attachmentId/`;
    const name = NAMES[kind];

    app.get(
      list,
      {
        config,
        schema: {
          tags,
          operationId: `list${name}s`,
          summary: `The referral's ${kind} attachments, oldest first (paged)`,
          security,
          params: z.object({ id: z.string() }),
          querystring: PageQuerySchema,
          response: { 200: AttachmentPageSchema, ...errors },
        },
      },
      async (request) => {
        const call = await referralCall(request, request.params.id);
        const page = await listReferralAttachments(db, { ...call, kind, query: request.query });
        return toPage(request, request.query, page.count, page.results, app.config.publicUrl);
      },
    );

    app.post(
      list,
      {
        config,
        schema: {
          tags,
          operationId: `create${name}`,
          summary: `Upload a ${kind} attachment (multipart: "field" and "note" first, then "file"; up to 5 MB)`,
          description:
            'The type is read from the bytes and checked against the form field’s accept list (default: ' +
            'PDF, PNG, JPEG, GIF, WebP, DOCX, XLSX, PPTX, RTF). At most 20 attachments per list (5 ' +
            'supplementary) and max_files per form field (default 1).',
          security,
          consumes: ['multipart/form-data'],
          params: z.object({ id: z.string() }),
          response: { 201: AttachmentSchema, ...writeErrors, 413: FieldErrorsSchema },
        },
      },
      async (request, reply) => {
        const call = await referralCall(request, request.params.id);
        const part = await uploadedPart(request);
        const attachment = await createReferralAttachment(db, { ...call, storage, kind, ...part });
        return reply.status(201).send(attachment);
      },
    );

    app.get(
      one,
      {
        config,
        schema: {
          tags,
          operationId: `get${name}`,
          summary: `One ${kind} attachment`,
          security,
          params: AttachmentParamsSchema,
          response: { 200: AttachmentSchema, ...errors },
        },
      },
      async (request) => {
        const call = await referralCall(request, request.params.id);
        const { attachmentId } = request.params;
        return (await readReferralAttachment(db, { ...call, kind, attachmentId })).attachment;
      },
    );

    app.get(
      `${one}file/`,
      {
        config,
        schema: {
          tags,
          operationId: `download${name}`,
          summary: `Download a ${kind} attachment's file (saved under its original name, never cached)`,
          security,
          params: AttachmentParamsSchema,
          response: { 200: FILE_RESPONSE, ...errors },
        },
      },
      async (request, reply) => {
        const call = await referralCall(request, request.params.id);
        const { attachmentId } = request.params;
        const { row } = await readReferralAttachment(db, { ...call, kind, attachmentId });
        return sendStoredFile(reply, storage, row.stored_name, {
          filename: safeFileName(row.original_name),
          cache: NO_STORE,
          contentType: row.content_type,
          disposition: 'attachment',
        });
      },
    );

    app.patch(
      one,
      {
        config,
        schema: {
          tags,
          operationId: `update${name}`,
          summary: `Change a ${kind} attachment's meta (field, note)`,
          security,
          params: AttachmentParamsSchema,
          body: AttachmentMetaUpdateSchema,
          response: { 200: AttachmentSchema, ...writeErrors },
        },
      },
      async (request) => {
        const call = await referralCall(request, request.params.id);
        const { attachmentId } = request.params;
        return updateReferralAttachment(db, { ...call, kind, attachmentId, body: request.body });
      },
    );

    app.delete(
      one,
      {
        config,
        schema: {
          tags,
          operationId: `delete${name}`,
          summary: `Delete a ${kind} attachment and its file`,
          security,
          params: AttachmentParamsSchema,
          response: { 204: z.undefined(), ...writeErrors },
        },
      },
      async (request, reply) => {
        const call = await referralCall(request, request.params.id);
        const { attachmentId } = request.params;
        await deleteReferralAttachment(db, { ...call, storage, kind, attachmentId });
        return reply.status(204).send();
      },
    );
  }

  app.get(
    '/api/referrals/:id/supplementary-attachments/zip/',
    {
      config,
      schema: {
        tags,
        operationId: 'downloadSupplementaryAttachmentsZip',
        summary: 'The supplementary files as one zip, streamed (never cached)',
        security,
        params: z.object({ id: z.string() }),
        response: { 200: ZIP_RESPONSE, ...errors },
      },
    },
    async (request, reply) => {
      const call = await referralCall(request, request.params.id);
      const rows = await allReferralAttachments(db, { ...call, kind: 'supplementary' });
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="supplementary-attachments.zip"')
        .header('cache-control', NO_STORE)
        .header('x-content-type-options', 'nosniff')
        .send(zipAttachments(storage, rows));
    },
  );

  done();
};
