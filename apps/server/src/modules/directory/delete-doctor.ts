import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { directoryDoctors } from '../../db/schema/patients.ts';
import { notFound } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import { doctorsEditableBy } from './directory-visibility.ts';

/** Deletes an entry the caller may edit within `where` (a directory); none is a 404. */
export async function deleteDoctor(
  db: Database,
  options: { caller: Caller; actor: AuditActor; id: string; where: SQL },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(directoryDoctors)
      .where(and(eq(directoryDoctors.id, options.id), options.where, doctorsEditableBy(tx, options.caller)))
      .returning({ id: directoryDoctors.id, establishment_id: directoryDoctors.establishment_id });
    if (!row) throw notFound();
    await recordAudit(tx, options.actor, {
      action: 'doctor.delete',
      resourceType: 'directory_doctor',
      resourceId: row.id,
      detail: { establishment_id: row.establishment_id },
    });
  });
}
