import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { NO_STORE } from '../../http/file-response.ts';
import { ReferralIdParamsSchema, referralCall } from '../referrals/referral-call.ts';
import { reportCall } from '../reports/report-call.ts';
import { checkReportMode } from '../letters/report-mode-query.ts';
import { exportReferralMessage } from './export-referral-message.ts';
import { exportReportMessage } from './export-report-message.ts';
import { HL7_CONTENT_TYPE } from './referral-message.ts';

// The handler sends the message's bytes (ER7 text in UTF-8); OpenAPI calls them a string.
const Hl7BytesSchema = z.instanceof(Buffer).meta({ type: 'string' });

const HL7_RESPONSE = {
  description:
    'An HL7 v2.5 message as ER7 text (segments end in CR): REF^I12 for the referral, ORU^R01 for a ' +
    'report, each with its letter as a base64 PDF in an OBX (docs/interop.md).',
  content: { 'application/hl7-v2': { schema: Hl7BytesSchema } },
};

const Hl7QuerySchema = z
  .object({
    /** referral (the default) answers the referral's REF^I12; report the ORU^R01 of the report `report_id`. */
    mode: z.enum(['referral', 'report']).default('referral'),
    report_id: z.uuid({ message: 'Must be a valid id.' }).optional(),
  })
  .superRefine(checkReportMode);

/**
 * A referral and its reports as HL7 v2 messages (issue 30; docs/interop.md, HL7 v2), with the reach of their
 * PDFs (GET referrals/{id}/pdf/). A module of its own, as letters/ is: it answers for referrals and reports.
 */
export const hl7Routes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.get(
    '/api/referrals/:id/hl7/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['referrals'],
        operationId: 'getReferralHl7Message',
        summary: 'The referral as an HL7 v2 REF^I12, or a clinical report as an ORU^R01',
        description:
          'Answers application/hl7-v2 (ER7, UTF-8) for download, never cached; the file name carries the ' +
          "referral or report id, never the patient's name. The REF^I12 is for anyone who may see the " +
          'referral; with mode=report and report_id, the ORU^R01 of that report of the referral is for ' +
          'anyone who may see the report (a draft only its author side), and is a 404 to anyone else. ' +
          'Each export is audited. The segments and fields are mapped in docs/interop.md.',
        security: [{ bearer: [] }],
        params: ReferralIdParamsSchema,
        querystring: Hl7QuerySchema,
        response: { 200: HL7_RESPONSE, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { mode, report_id: reportId } = request.query;
      let message: string;
      let filename: string;
      if (mode === 'report' && reportId !== undefined) {
        const call = await reportCall(request, { reportId, referralId: request.params.id });
        message = await exportReportMessage(db, { ...call, storage: app.storage });
        filename = `report-${reportId}.hl7`;
      } else {
        const call = await referralCall(request, request.params.id);
        message = await exportReferralMessage(db, call);
        filename = `referral-${call.referralId}.hl7`;
      }
      return reply
        .type(HL7_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', NO_STORE)
        .send(Buffer.from(message, 'utf8'));
    },
  );
  done();
};
