import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { readReferralLetter } from '../referrals/read-referral-letter.ts';
import { ReferralIdParamsSchema, referralCall } from '../referrals/referral-call.ts';
import { readReportLetter } from '../reports/letter/read-report-letter.ts';
import { reportCall } from '../reports/report-call.ts';
import { checkReportMode } from './report-mode-query.ts';

// The handler sends the PDF's bytes; OpenAPI calls them a binary string.
const PdfBytesSchema = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

const PDF_RESPONSE = {
  description: 'The referral letter, or with mode=report a clinical report as a letter: a PDF (A4).',
  content: { 'application/pdf': { schema: PdfBytesSchema } },
};

const LetterQuerySchema = z
  .object({
    /**
     * view (the default) opens the referral letter in the browser; download saves it; report opens the
     * letter of the report `report_id`.
     */
    mode: z.enum(['view', 'download', 'report']).default('view'),
    report_id: z.uuid({ message: 'Must be a valid id.' }).optional(),
  })
  .superRefine(checkReportMode);

/**
 * The referral letter and a clinical report's letter (section 7 Referrals: GET
 * referrals/{id}/pdf/?mode&report_id). A module of its own: it answers for both referrals and reports, and
 * reports build on referrals.
 */
export const letterRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.get(
    '/api/referrals/:id/pdf/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['referrals'],
        operationId: 'getReferralLetter',
        summary: 'The referral letter, or a clinical report as a letter, as a PDF',
        description:
          'Answers application/pdf, never cached. The file name carries the referral or report id, never ' +
          "the patient's name. The referral letter is for anyone who may see the referral; with " +
          'mode=report and report_id, the letter of that report of the referral is for anyone who may see ' +
          'the report (a draft only its author side), and is a 404 to anyone else.',
        security: [{ bearer: [] }],
        params: ReferralIdParamsSchema,
        querystring: LetterQuerySchema,
        response: { 200: PDF_RESPONSE, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { mode, report_id: reportId } = request.query;
      let pdf: Buffer;
      let filename: string;
      if (mode === 'report' && reportId !== undefined) {
        const call = await reportCall(request, { reportId, referralId: request.params.id });
        pdf = await readReportLetter(db, { ...call, storage: app.storage });
        filename = `report-${reportId}.pdf`;
      } else {
        const call = await referralCall(request, request.params.id);
        pdf = await readReferralLetter(db, call);
        filename = `referral-${call.referralId}.pdf`;
      }
      const disposition = mode === 'download' ? 'attachment' : 'inline';
      // A file name travels in browser history and download folders: an id, never the patient.
      return reply
        .type('application/pdf')
        .header('content-disposition', `${disposition}; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
  done();
};
