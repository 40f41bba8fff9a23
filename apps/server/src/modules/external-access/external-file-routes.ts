import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FieldErrorsSchema } from '@referrals/domain/api';
import {
  ExternalAttachmentListSchema,
  ExternalAttachmentSchema,
  ExternalReportListSchema,
} from '@referrals/domain/external-access/external-access-schemas';
import { queryFlag } from '@referrals/domain/query-params';
import { uploadedPart } from '../files/file-store.ts';
import { accessCallOf } from './access-link-lookup.ts';
import { createPatientAttachment } from './create-patient-attachment.ts';
import {
  ACCESS_ERROR_RESPONSES,
  AccessQuerySchema,
  AccessSessionHeadersSchema,
  attachmentReply,
  filesResponse,
  jsonOrFiles,
  pdfReply,
} from './external-access-http.ts';
import { listPatientAttachments } from './list-patient-attachments.ts';
import { readConsentForm, readSignedConsent } from './read-consent-form.ts';
import { listExternalReports, readExternalReportLetter } from './read-external-reports.ts';

const CONSENT = '/api/public/referrals/consent/';
const OWN_FILES = '/api/public/referrals/patient-attachments/';
const UPLOAD_ERRORS = { ...ACCESS_ERROR_RESPONSES, 413: FieldErrorsSchema };
const UPLOAD_RULES =
  'Multipart: the form fields `note` (and `referral_id`, which must be the link’s referral) before `file`. ' +
  'Up to 5 MB (413), the type read from the bytes (400); at most 20 such files on a referral, the signed ' +
  'consent forms among them. Stored as a `patient` attachment the receiver reads in the app.';

/**
 * What a link's reader reads and sends with a session (spec sections 2 /referrals/consent,
 * /referrals/upload-files, /external-clinical-reports, 7 "Public" and "Reports: reports/external/";
 * docs/external-access.md): the consent form and its signed copy, the reader's own files, and the clinical
 * reports addressed to them.
 */
export const externalFileRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const storage = app.storage;
  const config = { access: 'public' as const };
  const tags = ['external-access'];
  const common = { tags, querystring: AccessQuerySchema, headers: AccessSessionHeadersSchema };

  app.get(
    CONSENT,
    {
      config,
      schema: {
        ...common,
        operationId: 'readExternalConsentForm',
        summary: 'The consent form to print and sign (PDF), or with consent=true the signed copy uploaded',
        querystring: AccessQuerySchema.extend({ consent: queryFlag }),
        response: { 200: filesResponse('The form, or the signed copy.'), ...ACCESS_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const call = accessCallOf(request);
      if (request.query.consent)
        return attachmentReply(reply, storage, await readSignedConsent(db, { call }));
      return pdfReply(reply, await readConsentForm(db, { call, storage }), 'consent-form.pdf');
    },
  );

  app.get(
    OWN_FILES,
    {
      config,
      schema: {
        ...common,
        operationId: 'listExternalPatientAttachments',
        summary: 'The files sent back through the referral’s links (not the signed consent forms)',
        response: { 200: ExternalAttachmentListSchema, ...ACCESS_ERROR_RESPONSES },
      },
    },
    async (request) => listPatientAttachments(db, { call: accessCallOf(request) }),
  );

  for (const upload of [
    {
      url: CONSENT,
      consentForm: true,
      operationId: 'uploadExternalSignedConsent',
      summary: 'Upload the signed consent form (a PDF or an image)',
    },
    {
      url: OWN_FILES,
      consentForm: false,
      operationId: 'uploadExternalPatientAttachment',
      summary: 'Send the clinic a file for the referral',
    },
  ]) {
    app.put(
      upload.url,
      {
        config,
        schema: {
          ...common,
          operationId: upload.operationId,
          summary: upload.summary,
          description: UPLOAD_RULES,
          consumes: ['multipart/form-data'],
          response: { 201: ExternalAttachmentSchema, ...UPLOAD_ERRORS },
        },
      },
      async (request, reply) => {
        const part = await uploadedPart(request);
        const call = accessCallOf(request);
        const file = await createPatientAttachment(db, {
          call,
          storage,
          consentForm: upload.consentForm,
          ...part,
        });
        return reply.code(201).send(file);
      },
    );
  }

  app.get(
    '/api/reports/external/',
    {
      config,
      schema: {
        ...common,
        operationId: 'listExternalReports',
        summary:
          'The clinical reports addressed to the link’s reader, or with pdf=true&report={id} one as a letter',
        description:
          'A sender reads the reports addressed to the referrer; the patient, and anyone a link was shared ' +
          'with, those addressed to the patient. Drafts never. Every report read is audited.',
        querystring: AccessQuerySchema.extend({ pdf: queryFlag, report: z.string().max(100).optional() }),
        response: {
          200: jsonOrFiles(ExternalReportListSchema, 'The reports, or one report’s letter.'),
          ...ACCESS_ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const call = accessCallOf(request);
      const { pdf, report } = request.query;
      if (!pdf) return listExternalReports(db, { call });
      const letter = await readExternalReportLetter(db, { call, reportId: report ?? '', storage });
      return pdfReply(reply, letter, 'report.pdf');
    },
  );

  done();
};
