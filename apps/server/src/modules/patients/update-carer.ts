import { and, eq, sql } from 'drizzle-orm';
import type { Carer, CarerWrite } from '@referrals/domain/patients/patient-schemas';
import { keepCarer, prepareCarer } from '@referrals/domain/patients/patient-save-rules';
import type { Database } from '../../db/database.ts';
import { carers } from '../../db/schema/patients.ts';
import { checkVersion, notFound } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisiblePatient, type PatientCall } from './patient-call.ts';
import { toCarer } from './patient-queries.ts';
import {
  STALE_CARER_MESSAGE,
  carerAsWrite,
  carerColumns,
  checkCarer,
  stripUndefined,
} from './patient-record.ts';

/**
 * PUT and PATCH patients/{id}/carers/{carerId}/: the body laid over the stored carer and saved under the
 * section 5 carer rules; a non-primary carer left empty is deleted instead (answers null). A stale
 * `version` is a 409; a carer of another patient a 404.
 */
export function updateCarer(
  db: Database,
  options: PatientCall & { carerId: string; body: CarerWrite },
): Promise<Carer | null> {
  return inVisiblePatient(db, { ...options, lock: true }, async (tx, patient) => {
    const [row] = await tx
      .select()
      .from(carers)
      .where(and(eq(carers.id, options.carerId), eq(carers.patient_id, patient.id)))
      .for('update');
    if (!row) throw notFound();
    checkVersion(options.body.version, row.version, STALE_CARER_MESSAGE);
    const merged: CarerWrite = { ...carerAsWrite(row), ...stripUndefined(options.body) };
    const audit = { resourceType: 'carer', resourceId: row.id, patientId: patient.id };
    if (!keepCarer(merged)) {
      await tx.delete(carers).where(eq(carers.id, row.id));
      await recordAudit(tx, options.actor, { action: 'patient.carer.delete', ...audit });
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
    await recordAudit(tx, options.actor, {
      action: 'patient.carer.update',
      ...audit,
      detail: { fields: Object.keys(options.body).sort() },
    });
    return toCarer(updated);
  });
}
