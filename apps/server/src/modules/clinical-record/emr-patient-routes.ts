import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ClinicalRecordErrorSchema } from '@referrals/domain/clinical-record/clinical-record-schemas';
import {
  EmrPatientBatchVerificationSchema,
  EmrPatientBatchVerifySchema,
  EmrPatientSearchResultsSchema,
  EmrPatientSearchSchema,
  EmrPatientVerificationSchema,
  EmrPatientVerifySchema,
} from '@referrals/domain/clinical-record/emr-patient-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import { searchRecordPatients } from './search-record-patients.ts';
import { verifyRecordPatients } from './verify-record-patients.ts';

const EMR_ERROR_RESPONSES = { ...SIGNED_IN_ERROR_RESPONSES, 502: ClinicalRecordErrorSchema } as const;

const THROUGH_THE_LAUNCH =
  'Through the caller’s own authorized launch (`launch`); anyone else’s, an expired one and a missing one ' +
  'are the same 404, and a caller without integration access (a GP, GPP or practice manager at a general ' +
  'practice) a 403. A 401 from the record system is a 502 with code `clinical_record_expired`, any other ' +
  'failure one with `clinical_record_unavailable`.';

/** The record system's patients through a launch (spec section 7, EMR): search and verify. */
export const emrPatientRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.post(
    '/api/referrals/emr-patient-search/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['clinical record'],
        operationId: 'searchEmrPatients',
        summary: "Search the patients of the launch's clinical record system",
        description:
          'At least one of `family`, `given` (each the start of a name), `birthdate`, `medicare` (10 digits, ' +
          'or 11 with the reference number) and `ihi`; each one given narrows the search. Answers at most ' +
          `20 patients with the record's own ids. ${THROUGH_THE_LAUNCH}`,
        security: [{ bearer: [] }],
        body: EmrPatientSearchSchema,
        response: { 200: EmrPatientSearchResultsSchema, ...EMR_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return searchRecordPatients(db, {
        config: app.config,
        caller,
        actor: auditActorOf(request, caller),
        body: request.body,
      });
    },
  );

  app.post(
    '/api/referrals/emr-patient-verify/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['clinical record'],
        operationId: 'verifyEmrPatient',
        summary: 'Look for a Referrals patient in the launch’s clinical record system',
        description:
          'The patient must be one the caller sees at their current establishment (else 404). Searched by ' +
          'IHI, else Medicare number, else family name, first given name and date of birth: `verified` is ' +
          'exactly one record patient with the same date of birth and names, whose id is then kept as the ' +
          "patient's external id for the record system; `ambiguous` shows the one that may be them (or none " +
          'when several); `differences` names the fields that differ. ' +
          THROUGH_THE_LAUNCH,
        security: [{ bearer: [] }],
        body: EmrPatientVerifySchema,
        response: { 200: EmrPatientVerificationSchema, ...EMR_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const [answer] = await verifyRecordPatients(db, {
        config: app.config,
        caller,
        actor: auditActorOf(request, caller),
        launchId: request.body.launch,
        patientIds: [request.body.patient],
      });
      return answer;
    },
  );

  app.post(
    '/api/referrals/emr-patient-batch-verify/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['clinical record'],
        operationId: 'batchVerifyEmrPatients',
        summary: 'Look for up to 50 Referrals patients in the launch’s clinical record system',
        description:
          'Each patient as emr-patient-verify does, one search each, five at a time; the answers are in the ' +
          'order asked, a patient named twice answered once. One patient the caller does not see at their ' +
          'current establishment makes the whole call a 404, and a record system failing part-way a 502; ' +
          `either way nothing is kept. ${THROUGH_THE_LAUNCH}`,
        security: [{ bearer: [] }],
        body: EmrPatientBatchVerifySchema,
        response: { 200: EmrPatientBatchVerificationSchema, ...EMR_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const results = await verifyRecordPatients(db, {
        config: app.config,
        caller,
        actor: auditActorOf(request, caller),
        launchId: request.body.launch,
        patientIds: request.body.patients,
      });
      return { results };
    },
  );
  done();
};
