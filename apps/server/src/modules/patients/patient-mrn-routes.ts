import { and, eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MrnListSchema, MrnSchema, MrnWriteSchema } from '@referrals/domain/patients/patient-schemas';
import { patientMrns } from '../../db/schema/patients.ts';
import { notFound, validationFailed } from '../../http/api-errors.ts';
import { isUuid } from '../employments/employment-rows.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findVisiblePatient, listMrns } from './patient-queries.ts';
import { PatientIdParamsSchema, patientCall } from './patient-routes.ts';
import { patientEstablishmentOf } from './patient-visibility.ts';
import { MRN_EXISTS_MESSAGE, addMrn, checkMrnFree } from './patient-writes.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';

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
    async (request) => {
      const { caller, actor } = await patientCall(request, request.params.id);
      return db.transaction(async (tx) => {
        const patient = await findVisiblePatient(tx, caller, request.params.id);
        if (!patient) throw notFound();
        const mrns = await listMrns(tx, patient.id, patientEstablishmentOf(caller) ?? '');
        if (mrns.length === 0) throw notFound();
        await recordAudit(tx, actor, {
          action: 'patient.mrn.read',
          resourceType: 'patient',
          resourceId: patient.id,
          patientId: patient.id,
        });
        return mrns;
      });
    },
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
      const { caller, actor } = await patientCall(request, request.params.id);
      const establishmentId = patientEstablishmentOf(caller) ?? '';
      const mrn = await db.transaction(async (tx) => {
        const patient = await findVisiblePatient(tx, caller, request.params.id, { lock: true });
        if (!patient) throw notFound();
        const existing = await listMrns(tx, patient.id, establishmentId);
        if (existing.length > 0) throw validationFailed({ number: [MRN_EXISTS_MESSAGE] });
        const row = await addMrn(tx, {
          patientId: patient.id,
          establishmentId,
          number: request.body.number,
          addedBy: caller.userId,
        });
        await recordAudit(tx, actor, {
          action: 'patient.mrn.create',
          resourceType: 'patient_mrn',
          resourceId: row.id,
          patientId: patient.id,
        });
        const [created] = await listMrns(tx, patient.id, establishmentId, row.id);
        if (!created) throw notFound();
        return created;
      });
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
      const { caller, actor } = await patientCall(request, request.params.id);
      if (!isUuid(request.params.mrnId)) throw notFound();
      const establishmentId = patientEstablishmentOf(caller) ?? '';
      return db.transaction(async (tx) => {
        const patient = await findVisiblePatient(tx, caller, request.params.id, { lock: true });
        if (!patient) throw notFound();
        await checkMrnFree(tx, establishmentId, request.body.number, patient.id);
        const [previous] = await listMrns(tx, patient.id, establishmentId, request.params.mrnId);
        if (!previous) throw notFound();
        await tx
          .update(patientMrns)
          .set({ number: request.body.number })
          .where(
            and(
              eq(patientMrns.id, previous.id),
              eq(patientMrns.patient_id, patient.id),
              eq(patientMrns.establishment_id, establishmentId),
            ),
          );
        // The old number is kept in the audit row: an MRN is an identifier, and a change must be traceable.
        await recordAudit(tx, actor, {
          action: 'patient.mrn.update',
          resourceType: 'patient_mrn',
          resourceId: previous.id,
          patientId: patient.id,
          detail: { previous_number: previous.number },
        });
        const [saved] = await listMrns(tx, patient.id, establishmentId, previous.id);
        if (!saved) throw notFound();
        return saved;
      });
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
      const { caller, actor } = await patientCall(request, request.params.id);
      if (!isUuid(request.params.mrnId)) throw notFound();
      const establishmentId = patientEstablishmentOf(caller) ?? '';
      await db.transaction(async (tx) => {
        const patient = await findVisiblePatient(tx, caller, request.params.id, { lock: true });
        if (!patient) throw notFound();
        const [gone] = await tx
          .delete(patientMrns)
          .where(
            and(
              eq(patientMrns.id, request.params.mrnId),
              eq(patientMrns.patient_id, patient.id),
              eq(patientMrns.establishment_id, establishmentId),
            ),
          )
          .returning({ id: patientMrns.id, number: patientMrns.number });
        if (!gone) throw notFound();
        await recordAudit(tx, actor, {
          action: 'patient.mrn.delete',
          resourceType: 'patient_mrn',
          resourceId: gone.id,
          patientId: patient.id,
          detail: { previous_number: gone.number },
        });
      });
      return reply.status(204).send();
    },
  );

  done();
};
