import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  ClinicalRecordErrorSchema,
  ClinicalRecordLaunchCompletedSchema,
  ClinicalRecordLaunchCompleteSchema,
  ClinicalRecordLaunchStartedSchema,
  ClinicalRecordLaunchStartSchema,
  ClinicalRecordReferralStartedSchema,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import { completeClinicalRecordLaunch } from './complete-clinical-record-launch.ts';
import { createLaunchReferral } from './create-launch-referral.ts';
import { startClinicalRecordLaunch } from './start-clinical-record-launch.ts';

const LaunchIdParamsSchema = z.object({ id: z.uuid({ message: 'Not found.' }) });

/**
 * A launch from a clinical record system (SMART App Launch 2.0; docs/clinical-record.md): the two halves of
 * the sign-in at the record system, before the person is signed in to Referrals, and the draft it starts.
 */
export const clinicalRecordRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.post(
    '/api/clinical-record/launches/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['clinical record'],
        operationId: 'startClinicalRecordLaunch',
        summary: 'Start a launch from a clinical record system (no sign-in)',
        description:
          'The web app calls this when a record system opens it with `iss` and `launch` (EHR launch), or ' +
          'with `iss` alone (standalone launch). Reads the SMART configuration at ' +
          '`{iss}/.well-known/smart-configuration` and answers the authorization address, with PKCE, state ' +
          'and nonce kept here for 10 minutes. An `iss` that is not configured (CLINICAL_RECORD_SYSTEMS) is ' +
          'a 400; a record system that does not answer a 502.',
        body: ClinicalRecordLaunchStartSchema,
        response: {
          201: ClinicalRecordLaunchStartedSchema,
          400: FieldErrorsSchema,
          502: ClinicalRecordErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const started = await startClinicalRecordLaunch(db, {
        config: app.config,
        actor: auditActorOf(request, { userId: null }),
        body: request.body,
      });
      return reply.status(201).send(started);
    },
  );

  app.post(
    '/api/clinical-record/launches/complete/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['clinical record'],
        operationId: 'completeClinicalRecordLaunch',
        summary: 'Finish a launch from a clinical record system (no sign-in)',
        description:
          "The record system's answer at / (`state` with `code`, or with `error`). Exchanges the code once, " +
          'with PKCE, and needs a patient in context and a person with a Referrals account (fhirUser linked ' +
          'before, else the email). Answers the launch and a single-use ticket that signs the person in ' +
          '(the web app passes it to the sign-in as `record_launch`). An unknown, used or expired state, a ' +
          'refused exchange and a token without a patient are 400s; no account a 403; a record system that ' +
          'does not answer a 502.',
        body: ClinicalRecordLaunchCompleteSchema,
        response: {
          200: ClinicalRecordLaunchCompletedSchema,
          400: FieldErrorsSchema,
          403: DetailErrorSchema,
          502: ClinicalRecordErrorSchema,
        },
      },
    },
    async (request) =>
      completeClinicalRecordLaunch(db, {
        config: app.config,
        actor: auditActorOf(request, { userId: null }),
        body: request.body,
      }),
  );

  app.post(
    '/api/clinical-record/launches/:id/referral/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['clinical record'],
        operationId: 'createClinicalRecordLaunchReferral',
        summary: "Start a draft referral from a launch's patient and record",
        description:
          "Only the launch's own person. Reads the patient and their record (conditions, medicines, " +
          'allergies, observations, family history, procedures), finds or creates the patient at the ' +
          'current establishment and makes the draft with the clinical summary, in one transaction; the ' +
          'same launch answers the same draft again. A 401 from the record system is a 502 with code ' +
          '`clinical_record_expired`, any other failure one with `clinical_record_unavailable`.',
        security: [{ bearer: [] }],
        params: LaunchIdParamsSchema,
        response: {
          201: ClinicalRecordReferralStartedSchema,
          ...SIGNED_IN_ERROR_RESPONSES,
          502: ClinicalRecordErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const started = await createLaunchReferral(db, {
        config: app.config,
        caller,
        actor: auditActorOf(request, caller),
        launchId: request.params.id,
      });
      return reply.status(201).send(started);
    },
  );
  done();
};
