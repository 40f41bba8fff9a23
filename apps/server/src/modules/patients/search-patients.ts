import type { PageQuery } from '@referrals/domain/api';
import type { PatientListQuery, PatientSummary } from '@referrals/domain/patients/patient-schemas';
import type { Database } from '../../db/database.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { Reader } from '../tenancy/caller.ts';
import { listPatients } from './patient-queries.ts';

/**
 * GET patients/: one page of the patients the caller's establishment sees, and one audit row per patient
 * shown (action patient.list), so "who has seen this patient" is one indexed lookup on patient_id. The
 * page and its audit rows are one statement (listPatients), so they are one transaction.
 */
export function searchPatients(
  db: Database,
  options: { caller: Reader; actor: AuditActor; query: PatientListQuery & PageQuery },
): Promise<{ count: number; results: PatientSummary[] }> {
  return listPatients(db, options.caller, options.query, options.actor);
}
