import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import {
  PatientContextQuerySchema,
  PatientListQuerySchema,
  PatientPageSchema,
  PatientSchema,
  PatientWriteSchema,
} from '@referrals/domain/patients/patient-schemas';
import { notFound } from '../../http/api-errors.ts';
import { toPage } from '../../http/paging.ts';
import { isUuid } from '../../http/ids.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf, type Caller } from '../tenancy/caller.ts';
import { createPatient } from './create-patient.ts';
import { deletePatient } from './delete-patient.ts';
import { actsForAnEstablishment } from '../tenancy/route-access.ts';
import { PatientIdParamsSchema, patientCall } from './patient-call.ts';
import { patientEstablishmentOf } from './patient-visibility.ts';
import { readPatient } from './read-patient.ts';
import { searchPatients } from './search-patients.ts';
import { updatePatient } from './update-patient.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';

/** `within_establishment` naming another establishment than the caller's current one finds nothing. */
function outsideContext(caller: Caller, within: string | undefined): boolean {
  return within !== undefined && isUuid(within) && within !== patientEstablishmentOf(caller);
}

/**
 * Patient records (spec section 7 Patients): search, create, read, update and delete, all through the
 * patient visibility function, each read and change with its audit row in the same transaction.
 */
export const patientRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['patients'];
  const errors = SIGNED_IN_ERROR_RESPONSES;

  app.get(
    '/api/patients/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'listPatients',
        summary: 'Search the patients the current establishment may see, 10 a page',
        description:
          'keyword: every word must match the start of the first name, last name, Medicare number or an ' +
          'MRN at the current establishment. status defaults to complete. Each patient returned is ' +
          'written to the audit log (one row per patient, action patient.list).',
        security,
        querystring: PatientListQuerySchema,
        response: { 200: PatientPageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      const { count, results } = await searchPatients(db, { caller, actor, query: request.query });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  app.post(
    '/api/patients/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'createPatient',
        summary: 'Create a patient owned by the current establishment (section 5 Patient save rules)',
        description:
          'first_name, last_name and dob are required. establishment and created_by are set by the server. ' +
          'An mrn in the body becomes the MRN at the current establishment.',
        security,
        querystring: z.object({ within_establishment: z.string().max(100).optional() }),
        body: PatientWriteSchema,
        response: { 201: PatientSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      const patient = await createPatient(db, { caller, actor, body: request.body });
      return reply.status(201).send(patient);
    },
  );

  app.get(
    '/api/patients/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'getPatient',
        summary: 'One patient with carers, concession cards, health funds, MRNs and external ids',
        security,
        params: PatientIdParamsSchema,
        querystring: PatientContextQuerySchema,
        response: { 200: PatientSchema, ...errors },
      },
    },
    async (request) => {
      const call = await patientCall(request, request.params.id);
      if (outsideContext(call.caller, request.query.within_establishment)) throw notFound();
      return readPatient(db, call);
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/patients/:id/',
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: method === 'PUT' ? 'updatePatient' : 'partialUpdatePatient',
        summary:
          method === 'PUT'
            ? 'Update a patient (first_name, last_name and dob required; lists left out stay)'
            : 'Update some fields of a patient',
        description: 'The section 5 save rules apply as on create. A stale version is a 409.',
        security,
        params: PatientIdParamsSchema,
        querystring: PatientContextQuerySchema,
        body: PatientWriteSchema,
        response: { 200: PatientSchema, ...errors, 409: DetailErrorSchema, 428: DetailErrorSchema },
      },
      handler: async (request) => {
        const call = await patientCall(request, request.params.id);
        if (outsideContext(call.caller, request.query.within_establishment)) throw notFound();
        return updatePatient(db, {
          ...call,
          body: request.body,
          mode: method === 'PUT' ? 'replace' : 'patch',
        });
      },
    });
  }

  app.delete(
    '/api/patients/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'deletePatient',
        summary: 'Delete a patient (kept as deleted: referrals refer to it); only its owning establishment',
        security,
        params: PatientIdParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await deletePatient(db, await patientCall(request, request.params.id));
      return reply.status(204).send();
    },
  );

  done();
};
