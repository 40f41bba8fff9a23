import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FieldErrorsSchema } from '@referrals/domain/api';
import { safeFileName } from '@referrals/domain/referrals/forms/attachment-schemas';
import { ReportConflictSchema, ReportSchema } from '@referrals/domain/reports/report-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { FILE_RESPONSE, NO_STORE } from '../../http/file-response.ts';
import { sendStoredFile, uploadedPart } from '../files/file-store.ts';
import { createReportFile, saveReportSignature } from './create-report-file.ts';
import { deleteReportFile } from './delete-report-file.ts';
import { readReportFile } from './read-report-file.ts';
import { ReportIdParamsSchema, reportCall } from './report-call.ts';

const FileParamsSchema = z.object({ id: z.string(), fileId: z.string() });

/**
 * A draft report's files (spec section 7 Reports): the upload (the report written elsewhere, one file),
 * the attachments (up to 20) and the signature image, with the referral attachments' rules; and their
 * downloads, with the report's reach. Only the author's side changes them, only while the report is a draft.
 */
export const reportFileRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const storage = app.storage;
  const security = [{ bearer: [] }];
  const tags = ['reports'];
  const errors = { ...SIGNED_IN_ERROR_RESPONSES, 409: ReportConflictSchema };
  const uploadErrors = { ...errors, 413: FieldErrorsSchema };
  const config = { access: 'signed-in' as const };
  const callOf = (request: Parameters<typeof reportCall>[0], id: string) =>
    reportCall(request, { reportId: id });

  for (const [kind, path, name] of [
    ['upload', 'upload', 'ReportUpload'],
    ['attachment', 'attachments', 'ReportAttachment'],
  ] as const) {
    app.post(
      `/api/reports/:id/${path}/`,
      {
        config,
        schema: {
          tags,
          operationId: `create${name}`,
          summary:
            kind === 'upload'
              ? 'Upload the report written elsewhere (multipart "file"; replaces an earlier one; up to 5 MB)'
              : 'Add an attachment to a draft report (multipart "file"; at most 20; up to 5 MB)',
          description:
            'The type is read from the bytes: PDF, PNG, JPEG, GIF, WebP, DOCX, XLSX, PPTX or RTF. Answers ' +
            'the report.',
          security,
          consumes: ['multipart/form-data'],
          params: ReportIdParamsSchema,
          response: { 201: ReportSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const call = await callOf(request, request.params.id);
        const part = await uploadedPart(request);
        return reply
          .status(201)
          .send(
            await createReportFile(db, { ...call, storage, kind, file: part.file, filename: part.filename }),
          );
      },
    );
  }

  app.delete(
    '/api/reports/:id/upload/',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteReportUpload',
        summary: 'Remove the uploaded report of a draft',
        security,
        params: ReportIdParamsSchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) =>
      deleteReportFile(db, {
        ...(await callOf(request, request.params.id)),
        storage,
        target: { kind: 'upload' },
      }),
  );

  app.delete(
    '/api/reports/:id/attachments/:fileId/',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteReportAttachment',
        summary: 'Remove an attachment of a draft report',
        security,
        params: FileParamsSchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) =>
      deleteReportFile(db, {
        ...(await callOf(request, request.params.id)),
        storage,
        target: { kind: 'attachment', fileId: request.params.fileId },
      }),
  );

  app.get(
    '/api/reports/:id/files/:fileId/',
    {
      config,
      schema: {
        tags,
        operationId: 'downloadReportFile',
        summary: 'Download a report’s upload or attachment (saved under its original name, never cached)',
        security,
        params: FileParamsSchema,
        response: { 200: FILE_RESPONSE, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const call = await callOf(request, request.params.id);
      const file = await readReportFile(db, { ...call, fileId: request.params.fileId });
      return sendStoredFile(reply, storage, file.stored_name, {
        filename: safeFileName(file.original_name),
        cache: NO_STORE,
        contentType: file.content_type,
        disposition: 'attachment',
      });
    },
  );

  app.post(
    '/api/reports/:id/signature/',
    {
      config,
      schema: {
        tags,
        operationId: 'saveReportSignature',
        summary:
          'Sign a draft report: upload an image (multipart "file"), or send no body to use your profile’s',
        security,
        consumes: ['multipart/form-data', 'application/json'],
        params: ReportIdParamsSchema,
        response: { 201: ReportSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const call = await callOf(request, request.params.id);
      const file = request.isMultipart() ? (await uploadedPart(request)).file : undefined;
      return reply.status(201).send(await saveReportSignature(db, { ...call, storage, file }));
    },
  );

  app.get(
    '/api/reports/:id/signature/',
    {
      config,
      schema: {
        tags,
        operationId: 'getReportSignature',
        summary: 'The signature image of a report',
        security,
        params: ReportIdParamsSchema,
        response: { 200: FILE_RESPONSE, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const call = await callOf(request, request.params.id);
      const file = await readReportFile(db, { ...call, fileId: 'signature' });
      return sendStoredFile(reply, storage, file.stored_name, { filename: 'signature', cache: NO_STORE });
    },
  );

  app.delete(
    '/api/reports/:id/signature/',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteReportSignature',
        summary: 'Remove the signature of a draft report',
        security,
        params: ReportIdParamsSchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) =>
      deleteReportFile(db, { ...(await callOf(request, request.params.id)), storage, target: 'signature' }),
  );
  done();
};
