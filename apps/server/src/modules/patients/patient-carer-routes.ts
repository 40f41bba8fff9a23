import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import { CarerSchema, CarerWriteSchema } from '@referrals/domain/patients/patient-schemas';
import { notFound } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { createCarer } from './create-carer.ts';
import { deleteCarer } from './delete-carer.ts';
import { PatientIdParamsSchema, patientCall } from './patient-call.ts';
import { readCarers } from './read-carers.ts';
import { updateCarer } from './update-carer.ts';

const CarerParamsSchema = z.object({ id: z.string(), carerId: z.string() });

/**
 * A patient's carers and guardians (spec section 7 Patients: carers). Each call goes through the patient's
 * visibility; a carer of another patient is a 404. The section 5 carer rules apply: names required, and a
 * non-primary carer left with every field empty is deleted.
 */
export const patientCarerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['patients'];
  const errors = SIGNED_IN_ERROR_RESPONSES;

  app.get(
    '/api/patients/:id/carers/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'listPatientCarers',
        summary: 'The carers of a patient, primary first',
        security,
        params: PatientIdParamsSchema,
        response: { 200: z.array(CarerSchema), ...errors },
      },
    },
    async (request) => readCarers(db, await patientCall(request, request.params.id)),
  );

  app.post(
    '/api/patients/:id/carers/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'createPatientCarer',
        summary: 'Add a carer to a patient',
        security,
        params: PatientIdParamsSchema,
        body: CarerWriteSchema,
        response: { 201: CarerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const call = await patientCall(request, request.params.id);
      const carer = await createCarer(db, { ...call, body: request.body });
      return reply.status(201).send(carer);
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/patients/:id/carers/:carerId/',
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: method === 'PUT' ? 'updatePatientCarer' : 'partialUpdatePatientCarer',
        summary:
          method === 'PUT'
            ? 'Update a carer; a non-primary carer left empty is deleted (204)'
            : 'Update some fields of a carer; a non-primary carer left empty is deleted (204)',
        security,
        params: CarerParamsSchema,
        body: CarerWriteSchema,
        response: {
          200: CarerSchema,
          204: z.undefined(),
          ...errors,
          409: DetailErrorSchema,
          428: DetailErrorSchema,
        },
      },
      handler: async (request, reply) => {
        const call = await patientCall(request, request.params.id);
        if (!isUuid(request.params.carerId)) throw notFound();
        const saved = await updateCarer(db, { ...call, carerId: request.params.carerId, body: request.body });
        if (saved === null) return reply.status(204).send();
        return saved;
      },
    });
  }

  app.delete(
    '/api/patients/:id/carers/:carerId/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'deletePatientCarer',
        summary: 'Remove a carer from a patient',
        security,
        params: CarerParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const call = await patientCall(request, request.params.id);
      if (!isUuid(request.params.carerId)) throw notFound();
      await deleteCarer(db, { ...call, carerId: request.params.carerId });
      return reply.status(204).send();
    },
  );

  done();
};
