import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import { CarerSchema, CarerWriteSchema, type CarerWrite } from '@referrals/domain/patients/patient-schemas';
import { keepCarer, prepareCarer, validateCarer } from '@referrals/domain/patients/patient-save-rules';
import { carers } from '../../db/schema/patients.ts';
import { checkVersion, notFound, validationFailed } from '../../http/api-errors.ts';
import { isUuid } from '../employments/employment-rows.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findVisiblePatient, listCarers, toCarer } from './patient-queries.ts';
import { PatientIdParamsSchema, patientCall } from './patient-routes.ts';
import { STALE_CARER_MESSAGE } from './patient-writes.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';

/** A carer with nothing in it but its type and state (section 5: such a non-primary carer is not saved). */
export const EMPTY_CARER_MESSAGE = 'Enter the carer’s details.';

const CarerParamsSchema = z.object({ id: z.string(), carerId: z.string() });
type CarerRow = typeof carers.$inferSelect;

function carerAsWrite(row: CarerRow): CarerWrite {
  const { id: _id, patient_id: _p, created_at: _c, updated_at: _u, version: _v, ...fields } = row;
  return { ...fields, carer_type: row.carer_type as 1 | 2 | 3 } as CarerWrite;
}

function carerColumns(carer: CarerWrite) {
  const { id: _id, version: _version, ...fields } = carer;
  return {
    ...fields,
    carer_type: carer.carer_type ?? 1,
    first_name: carer.first_name ?? '',
    last_name: carer.last_name ?? '',
    dob: carer.dob === '' ? null : carer.dob,
  };
}

function checkCarer(carer: CarerWrite): void {
  const errors = validateCarer(carer);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

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
    async (request) => {
      const { caller, actor } = await patientCall(request, request.params.id);
      return db.transaction(async (tx) => {
        const patient = await findVisiblePatient(tx, caller, request.params.id);
        if (!patient) throw notFound();
        await recordAudit(tx, actor, {
          action: 'patient.carers.read',
          resourceType: 'patient',
          resourceId: patient.id,
          patientId: patient.id,
        });
        return listCarers(tx, patient.id);
      });
    },
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
      const { caller, actor } = await patientCall(request, request.params.id);
      const carer = await db.transaction(async (tx) => {
        const patient = await findVisiblePatient(tx, caller, request.params.id, { lock: true });
        if (!patient) throw notFound();
        if (!keepCarer(request.body)) throw validationFailed({ non_field_errors: [EMPTY_CARER_MESSAGE] });
        checkCarer(request.body);
        const prepared = prepareCarer(request.body, patient);
        const [row] = await tx
          .insert(carers)
          .values({ ...carerColumns(prepared), patient_id: patient.id })
          .returning();
        if (!row) throw new Error('carer insert returned nothing');
        await recordAudit(tx, actor, {
          action: 'patient.carer.create',
          resourceType: 'carer',
          resourceId: row.id,
          patientId: patient.id,
        });
        return toCarer(row);
      });
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
        const { caller, actor } = await patientCall(request, request.params.id);
        if (!isUuid(request.params.carerId)) throw notFound();
        const saved = await db.transaction(async (tx) => {
          const patient = await findVisiblePatient(tx, caller, request.params.id, { lock: true });
          if (!patient) throw notFound();
          const [row] = await tx
            .select()
            .from(carers)
            .where(and(eq(carers.id, request.params.carerId), eq(carers.patient_id, patient.id)))
            .for('update');
          if (!row) throw notFound();
          checkVersion(request.body.version, row.version, STALE_CARER_MESSAGE);
          const merged: CarerWrite = { ...carerAsWrite(row), ...stripUndefined(request.body) };
          const audit = { resourceType: 'carer', resourceId: row.id, patientId: patient.id };
          if (!keepCarer(merged)) {
            await tx.delete(carers).where(eq(carers.id, row.id));
            await recordAudit(tx, actor, { action: 'patient.carer.delete', ...audit });
            return null;
          }
          checkCarer(merged);
          const prepared = prepareCarer(merged, patient);
          const [updated] = await tx
            .update(carers)
            .set({ ...carerColumns(prepared), version: sql`${carers.version} + 1`, updated_at: new Date() })
            .where(eq(carers.id, row.id))
            .returning();
          if (!updated) throw notFound();
          await recordAudit(tx, actor, {
            action: 'patient.carer.update',
            ...audit,
            detail: { fields: Object.keys(request.body).sort() },
          });
          return toCarer(updated);
        });
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
      const { caller, actor } = await patientCall(request, request.params.id);
      if (!isUuid(request.params.carerId)) throw notFound();
      await db.transaction(async (tx) => {
        const patient = await findVisiblePatient(tx, caller, request.params.id, { lock: true });
        if (!patient) throw notFound();
        const [gone] = await tx
          .delete(carers)
          .where(and(eq(carers.id, request.params.carerId), eq(carers.patient_id, patient.id)))
          .returning({ id: carers.id });
        if (!gone) throw notFound();
        await recordAudit(tx, actor, {
          action: 'patient.carer.delete',
          resourceType: 'carer',
          resourceId: gone.id,
          patientId: patient.id,
        });
      });
      return reply.status(204).send();
    },
  );

  done();
};

function stripUndefined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;
}
