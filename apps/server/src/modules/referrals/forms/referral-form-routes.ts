import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  FormTemplateListSchema,
  ReferralFormsSchema,
  ReferralFormWriteSchema,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import { ReferralConflictSchema } from '@referrals/domain/referrals/referral-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { inVisibleReferral, ReferralIdParamsSchema, referralCall } from '../referral-call.ts';
import { receiverFormTemplates } from './form-template-queries.ts';
import { saveReferralForm } from './save-referral-form.ts';

/** The receiver's form templates for a referral and the sender's form data (spec section 7 Referrals). */
export const referralFormRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['referrals'];
  const errors = SIGNED_IN_ERROR_RESPONSES;

  app.get(
    '/api/referrals/:id/form-templates/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'listReferralFormTemplates',
        summary: "The receiving establishment's active form templates, in position order",
        security,
        params: ReferralIdParamsSchema,
        response: { 200: FormTemplateListSchema, ...errors },
      },
    },
    async (request) =>
      inVisibleReferral(db, await referralCall(request, request.params.id), (tx, referral) =>
        receiverFormTemplates(tx, referral),
      ),
  );

  app.get(
    '/api/referrals/:id/forms/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'getReferralForms',
        summary: "The referral's form data, per template name (every side that sees the referral)",
        security,
        params: ReferralIdParamsSchema,
        response: { 200: ReferralFormsSchema, ...errors },
      },
    },
    async (request) => {
      const call = await referralCall(request, request.params.id);
      // Form answers are clinical data: each read is audited like the referral's own.
      return inVisibleReferral(db, call, async (tx, referral) => {
        await recordAudit(tx, call.actor, {
          action: 'referral.forms.read',
          resourceType: 'referral',
          resourceId: referral.id,
          patientId: referral.patient_id,
        });
        return { forms: referral.forms };
      });
    },
  );

  app.put(
    '/api/referrals/:id/forms/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'saveReferralForm',
        summary: "Save one template's data on a draft: { form: <template name>, fields: {...} }",
        description:
          'Sender side, draft only. Hidden fields and switched-off sections are saved as null and the ' +
          'files of hidden file fields are deleted; BMI and IAR fields are computed. Answers every form.',
        security,
        params: ReferralIdParamsSchema,
        body: ReferralFormWriteSchema,
        response: { 200: ReferralFormsSchema, ...errors, 409: ReferralConflictSchema },
      },
    },
    async (request) =>
      saveReferralForm(db, {
        ...(await referralCall(request, request.params.id)),
        dataDir: app.config.dataDir,
        body: request.body,
      }),
  );

  done();
};
