import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  FormTemplateListSchema,
  ReferralFormsSchema,
  ReferralFormWriteSchema,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import { ReferralConflictSchema } from '@referrals/domain/referrals/referral-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { inVisibleReferral, ReferralIdParamsSchema, referralCall } from '../referral-call.ts';
import { activeFormTemplates } from './form-template-queries.ts';
import { readReferralForms } from './read-referral-forms.ts';
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
        activeFormTemplates(tx, referral.to_establishment_id),
      ),
  );

  app.get(
    '/api/referrals/:id/forms/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'listReferralForms',
        summary: 'The form data saved on the referral, template name to fields',
        security,
        params: ReferralIdParamsSchema,
        response: { 200: ReferralFormsSchema, ...errors },
      },
    },
    async (request) => readReferralForms(db, await referralCall(request, request.params.id)),
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
        storage: app.storage,
        body: request.body,
      }),
  );

  done();
};
