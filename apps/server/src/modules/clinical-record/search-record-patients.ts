import type {
  EmrPatientSearch,
  EmrPatientSearchResults,
} from '@referrals/domain/clinical-record/emr-patient-schemas';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import { callerLaunch } from './caller-launch.ts';
import { findRecordPatients } from './find-record-patients.ts';
import { recordPatientFrom } from './record-patient-match.ts';
import { launchSession } from './record-session.ts';

/**
 * POST referrals/emr-patient-search/ (spec section 7, EMR): the record system's patients that match, through
 * the caller's launch. The audit row says who searched which record system by which criteria and how many
 * were found; the names and numbers searched for are patient data and stay out of it.
 */
export async function searchRecordPatients(
  db: Database,
  options: { config: Config; caller: Caller; actor: AuditActor; body: EmrPatientSearch },
): Promise<EmrPatientSearchResults> {
  const { launch: launchId, ...criteria } = options.body;
  const { launch, system } = await callerLaunch(db, { ...options, launchId });
  const found = await findRecordPatients(await launchSession(db, options.config, launch), criteria);
  await recordAudit(db, options.actor, {
    action: 'clinical-record.search-patients',
    resourceType: 'patient',
    detail: { system: system.key, launch: launch.id, criteria: Object.keys(criteria), found: found.length },
  });
  return { results: found.map(recordPatientFrom) };
}
