import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DoctorEntry, DoctorWrite } from '@referrals/domain/directory/doctor-schemas';
import type { Database } from '../../db/database.ts';
import { directoryDoctors } from '../../db/schema/patients.ts';
import { notFound } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import { doctorEntry, writableColumns } from './directory-doctors.ts';
import { doctorsEditableBy } from './directory-visibility.ts';

/**
 * Changes an entry the caller may edit within `where` (a directory); another establishment's entry and a
 * missing one are both a 404, and nothing changes.
 */
export function updateDoctor(
  db: Database,
  options: { caller: Caller; actor: AuditActor; id: string; where: SQL; input: DoctorWrite },
): Promise<DoctorEntry> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(directoryDoctors)
      .set({
        ...writableColumns(options.input),
        updated_at: new Date(),
        version: sql`${directoryDoctors.version} + 1`,
      })
      .where(and(eq(directoryDoctors.id, options.id), options.where, doctorsEditableBy(tx, options.caller)))
      .returning();
    if (!row) throw notFound();
    await recordAudit(tx, options.actor, {
      action: 'doctor.update',
      resourceType: 'directory_doctor',
      resourceId: row.id,
      detail: { establishment_id: row.establishment_id },
    });
    return doctorEntry(row, true);
  });
}
