import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MrnListSchema, MrnSchema, MrnWriteSchema } from '@referrals/domain/patients/patient-schemas';
import { notFound } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { createMrn } from './create-mrn.ts';
import { deleteMrn } from './delete-mrn.ts';
import { PatientIdParamsSchema, patientCall } from './patient-call.ts';
import { readMrns } from './read-mrns.ts';
import { updateMrn } from './update-mrn.ts';

const MrnParamsSchema = z.object({ id: z.string(), mrnId: z.string() });
const WithinQuerySchema = z.object({ within_establishment: z.string().max(100).optional() });

/**
 * A patient's MRN at the caller's current establishment (spec section 7 Patients: MRN, with the MRN rework).
 * The establishment is always the caller's current one, whatever the body says. GET answers 404 when the
 * establishment holds no MRN for the patient yet; the web shows blank entries then (section 8).
 */
export const patientMrnRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['patients'];
  const errors = SIGNED_IN_ERROR_RESPONSES;

  app.get(
    '/api/patients/:id/mrn/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'listPatientMrns',
        summary: 'The MRNs the current establishment holds for a patient; 404 when it holds none yet',
        security,
        params: PatientIdParamsSchema,
        querystring: WithinQuerySchema,
        response: { 200: MrnListSchema, ...errors },
      },
    },
    async (request) => readMrns(db, await patientCall(request, request.params.id)),
  );

  app.post(
    '/api/patients/:id/mrn/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'createPatientMrn',
        summary: 'Record the patient’s MRN at the current establishment (number required)',
        security,
        params: PatientIdParamsSchema,
        querystring: WithinQuerySchema,
        body: MrnWriteSchema,
        response: { 201: MrnSchema, ...errors },
      },
    },
    async (request, reply) => {
      const call = await patientCall(request, request.params.id);
      const mrn = await createMrn(db, { ...call, number: request.body.number });
      return reply.status(201).send(mrn);
    },
  );

  app.put(
    '/api/patients/:id/mrn/:mrnId/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'updatePatientMrn',
        summary: 'Change the patient’s MRN at the current establishment (number required)',
        security,
        params: MrnParamsSchema,
        querystring: WithinQuerySchema,
        body: MrnWriteSchema,
        response: { 200: MrnSchema, ...errors },
      },
    },
    async (request) => {
      const call = await patientCall(request, request.params.id);
      if (!isUuid(request.params.mrnId)) throw notFound();
      return updateMrn(db, { ...call, mrnId: request.params.mrnId, number: request.body.number });
    },
  );

  app.delete(
    '/api/patients/:id/mrn/:mrnId/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'deletePatientMrn',
        summary: 'Remove the patient’s MRN at the current establishment',
        security,
        params: MrnParamsSchema,
        querystring: WithinQuerySchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const call = await patientCall(request, request.params.id);
      if (!isUuid(request.params.mrnId)) throw notFound();
      await deleteMrn(db, { ...call, mrnId: request.params.mrnId });
      return reply.status(204).send();
    },
  );

  done();
};
