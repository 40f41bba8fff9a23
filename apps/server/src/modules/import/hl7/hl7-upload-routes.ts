import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { FieldErrorsSchema } from '@referrals/domain/api';
import { IMPORT_MESSAGE_MAX_BYTES } from '@referrals/domain/imports/import-codes';
import { ImportHl7UploadSchema } from '@referrals/domain/imports/import-schemas';
import { validationFailed } from '../../../http/api-errors.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { readUpload, uploadedPart } from '../../files/file-store.ts';
import { importQueueOf, worksImportQueue } from '../queue/import-call.ts';
import { parseHl7Text, readReferralMessage } from './read-referral-message.ts';
import { storeReferralMessage } from './receive-referral-message.ts';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * POST import/hl7/ (docs/interop.md, HL7 v2, Receiving): an HL7 v2 REF^I12 file dropped into the import queue
 * by its staff, checked as the MLLP listener checks a message. It becomes an item of the caller's own
 * establishment, whatever MSH-6 names: the person who drops it decides whose queue it is for.
 */
export const hl7UploadRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.post(
    '/api/import/hl7/',
    {
      config: { access: worksImportQueue },
      schema: {
        tags: ['import'],
        operationId: 'uploadImportHl7Message',
        summary: 'Put an HL7 v2 REF^I12 referral message (a .hl7 file) into your import queue',
        description:
          'Multipart field "file": one REF^I12 as ER7 text in UTF-8, up to 25 MB. It is checked as the MLLP ' +
          'listener checks a message (docs/interop.md): one it would answer AR is a 400 with the reason on ' +
          '`file`. Taken, it becomes an import item of kind hl7 of your current establishment, with the ' +
          'patient, referrer and reference in `message_details` and each PDF of its OBX as a file (201); ' +
          'the same message again (the same sender and MSH-10) answers the first item (200). For the staff ' +
          'of your current establishment with accept_referral; anyone else gets 403.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: ImportHl7UploadSchema,
          201: ImportHl7UploadSchema,
          ...SIGNED_IN_ERROR_RESPONSES,
          413: FieldErrorsSchema,
        },
      },
    },
    async (request, reply) => {
      const { actor, establishmentId } = await importQueueOf(request);
      const part = await uploadedPart(request, { maxBytes: IMPORT_MESSAGE_MAX_BYTES });
      const bytes = await readUpload(part.file, IMPORT_MESSAGE_MAX_BYTES);
      let text: string;
      try {
        text = UTF8.decode(bytes);
      } catch {
        throw validationFailed({ file: ['The file is not UTF-8 text.'] });
      }
      const message = parseHl7Text(text);
      const received = 'reason' in message ? message : readReferralMessage(message);
      if ('reason' in received) throw validationFailed({ file: [received.reason] });
      const stored = await storeReferralMessage(db, {
        storage: app.storage,
        establishmentId,
        received,
        ip: request.ip,
        actor,
      });
      return reply.status(stored.created ? 201 : 200).send(stored);
    },
  );
  done();
};
