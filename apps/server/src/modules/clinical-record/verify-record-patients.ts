import { and, inArray } from 'drizzle-orm';
import type { EmrPatientVerification } from '@referrals/domain/clinical-record/emr-patient-schemas';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { patientExternalIds, patients } from '../../db/schema/patients.ts';
import { notFound } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { patientsVisibleTo } from '../patients/patient-visibility.ts';
import type { Caller } from '../tenancy/caller.ts';
import { callerLaunch } from './caller-launch.ts';
import { findRecordPatients } from './find-record-patients.ts';
import { criteriaFor, matchRecordPatient } from './record-patient-match.ts';
import { launchSession } from './record-session.ts';

/** How many searches run at the record system at once: a batch of 50 should not look like an attack. */
const RECORD_SEARCHES_AT_ONCE = 5;

/**
 * POST referrals/emr-patient-verify/ and emr-patient-batch-verify/ (spec section 7, EMR): each Referrals
 * patient looked for in the launch's record system, one search each. Every patient must be one the caller
 * sees at their current establishment: one that is not (another establishment's, deleted or missing) makes
 * the whole call the 404 of a missing one, before the record system is asked anything, so ids cannot be
 * probed. The answers are written only once every search has answered, in one transaction: a verified
 * patient's link to the record (kept as its external id, so a later launch finds it) and each patient's
 * audit row. A record system that fails part-way leaves nothing behind.
 */
export async function verifyRecordPatients(
  db: Database,
  options: { config: Config; caller: Caller; actor: AuditActor; launchId: string; patientIds: string[] },
): Promise<EmrPatientVerification[]> {
  const { launch, system } = await callerLaunch(db, options);
  const ids = [...new Set(options.patientIds)];
  const rows = await db
    .select()
    .from(patients)
    .where(and(inArray(patients.id, ids), patientsVisibleTo(options.caller)));
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);

  const session = await launchSession(db, options.config, launch);
  const checked = await mapAtMost(RECORD_SEARCHES_AT_ONCE, ordered, async (row) => ({
    row,
    match: matchRecordPatient(row, await findRecordPatients(session, criteriaFor(row))),
  }));

  return db.transaction(async (tx) => {
    const answers: EmrPatientVerification[] = [];
    for (const { row, match } of checked) {
      const recordId = match.record_patient?.id ?? null;
      if (match.status === 'verified' && recordId !== null) {
        await tx
          .insert(patientExternalIds)
          .values({ patient_id: row.id, system: system.key, external_id: recordId })
          .onConflictDoNothing();
      }
      await recordAudit(tx, options.actor, {
        action: 'clinical-record.verify-patient',
        resourceType: 'patient',
        resourceId: row.id,
        patientId: row.id,
        detail: { system: system.key, launch: launch.id, status: match.status, record_patient_id: recordId },
      });
      answers.push({ patient: row.id, ...match });
    }
    return answers;
  });
}

/**
 * `work` over `items`, at most `limit` at a time, answers in the items' order. After a failure no new item
 * starts, and the first failure is thrown.
 */
async function mapAtMost<T, R>(limit: number, items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
