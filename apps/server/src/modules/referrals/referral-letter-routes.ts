import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { readReferralLetter } from './read-referral-letter.ts';
import { ReferralIdParamsSchema, referralCall } from './referral-call.ts';

// The handler sends the PDF's bytes; OpenAPI calls them a binary string.
const PdfBytesSchema = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

const PDF_RESPONSE = {
  description: 'The referral letter as a PDF (A4).',
  content: { 'application/pdf': { schema: PdfBytesSchema } },
};

const LetterQuerySchema = z.object({
  /** view (the default) opens the letter in the browser; download saves it. */
  mode: z.enum(['view', 'download']).default('view'),
  report_id: z.string().max(100).optional(),
});

/** The referral letter (section 7 Referrals: GET referrals/{id}/pdf/?mode&report_id). */
export const referralLetterRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.get(
    '/api/referrals/:id/pdf/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['referrals'],
        operationId: 'getReferralLetter',
        summary: 'The referral letter as a PDF, for anyone who may see the referral',
        description:
          'Answers application/pdf, never cached. The file name carries the referral id, never the ' +
          "patient's name. Clinical reports are not stored yet: a report_id is a 404.",
        security: [{ bearer: [] }],
        params: ReferralIdParamsSchema,
        querystring: LetterQuerySchema,
        response: { 200: PDF_RESPONSE, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const call = await referralCall(request, request.params.id);
      const pdf = await readReferralLetter(db, { ...call, reportId: request.query.report_id });
      const disposition = request.query.mode === 'download' ? 'attachment' : 'inline';
      // A file name travels in browser history and download folders: the referral id, never the patient.
      return reply
        .type('application/pdf')
        .header('content-disposition', `${disposition}; filename="referral-${call.referralId}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
  done();
};
