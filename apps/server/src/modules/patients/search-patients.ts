import type { PageQuery } from '@referrals/domain/api';
import type { PatientListQuery, PatientSummary } from '@referrals/domain/patients/patient-schemas';
import type { Database } from '../../db/database.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import { listPatients } from './patient-queries.ts';

/**
 * GET patients/: one page of the patients the caller's establishment sees, and one audit row per patient
 * shown (action patient.list), so "who has seen this patient" is one indexed lookup on patient_id.
 */
export function searchPatients(
  db: Database,
  options: { caller: Caller; actor: AuditActor; query: PatientListQuery & PageQuery },
): Promise<{ count: number; results: PatientSummary[] }> {
  const { caller, actor, query } = options;
  return db.transaction(async (tx) => {
    const page = await listPatients(tx, caller, query);
    if (page.results.length > 0) {
      await tx.insert(auditLog).values(
        page.results.map((patient) => ({
          actor_id: actor.actorId,
          establishment_id: actor.establishmentId,
          ip: actor.ip,
          request_id: actor.requestId,
          action: 'patient.list',
          resource_type: 'patient',
          resource_id: patient.id,
          patient_id: patient.id,
          outcome: 'success',
          detail: { page: query.page },
        })),
      );
    }
    return page;
  });
}
