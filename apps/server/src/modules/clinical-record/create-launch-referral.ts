import { and, eq, ne } from 'drizzle-orm';
import type { FieldErrors } from '@referrals/domain/api';
import {
  ClinicalSummarySchema,
  type ClinicalRecordRead,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import {
  clinicalSummaryOf,
  launchContextOf,
  recordPatientOf,
} from '@referrals/domain/clinical-record/fhir-record';
import { newReferralButton } from '@referrals/domain/people/access-rules';
import type { PatientWrite } from '@referrals/domain/patients/patient-schemas';
import { preparePatientSave, validatePatientSave } from '@referrals/domain/patients/patient-save-rules';
import type { Config } from '../../config.ts';
import type { Database, Transaction } from '../../db/database.ts';
import { clinicalRecordLaunches } from '../../db/schema/clinical-record.ts';
import { patientExternalIds, patients } from '../../db/schema/patients.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { ApiError, notFound, permissionDenied, throwIfErrors } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { insertPatient } from '../patients/create-patient.ts';
import { patientEstablishmentOf } from '../patients/patient-visibility.ts';
import { insertDraftReferral } from '../referrals/actions/create-referral.ts';
import type { Caller } from '../tenancy/caller.ts';
import { callerLaunch } from './caller-launch.ts';
import { readRecord, type RecordRead } from './read-record.ts';
import { launchSession } from './record-session.ts';

/**
 * POST clinical-record/launches/{id}/referral/: the draft a launch starts (issue 29). Reads the patient and
 * their record from the record system first; then, in one transaction, finds the patient at the caller's
 * establishment (the record system's id, IHI, Medicare number or name, each with the date of birth) or
 * creates them from the record, and makes the draft with the clinical summary and what was read. The same
 * launch answers the same draft again. A record system that fails leaves nothing behind.
 */
export async function createLaunchReferral(
  db: Database,
  options: { config: Config; caller: Caller; actor: AuditActor; launchId: string },
): Promise<{ referral_id: string }> {
  const { caller, actor } = options;
  const { launch, system } = await callerLaunch(db, options);
  if (!launch.patient_id) throw notFound();
  if (launch.referral_id !== null && (await isLiveDraft(db, launch.referral_id))) {
    return { referral_id: launch.referral_id };
  }
  const establishmentId = patientEstablishmentOf(caller);
  if (establishmentId === null) throw permissionDenied();
  const button = newReferralButton(caller.access);
  if (!button.enabled) throw new ApiError(403, { detail: button.hint });

  const record = await readRecord(await launchSession(db, options.config, launch), launch.patient_id);
  const read: ClinicalRecordRead = {
    system: system.key,
    patient_id: launch.patient_id,
    read_at: new Date().toISOString(),
    resources: record.counts,
  };

  return db.transaction(async (tx) => {
    const external = { system: system.key, external_id: launch.patient_id ?? '' };
    const context = launchContextOf(record.context);
    const patientId =
      (await matchingPatient(tx, establishmentId, external, record)) ??
      (
        await insertPatient(tx, {
          actor,
          establishmentId,
          prepared: patientFromRecord(record, external, context),
        })
      ).id;
    const referral = await insertDraftReferral(tx, {
      caller,
      actor,
      fromId: establishmentId,
      body: { type: 'IN-APP', patient: patientId },
      columns: {
        ...(context.provider_number === null ? {} : { referrer_provider_num: context.provider_number }),
        clinical_summary: ClinicalSummarySchema.parse(clinicalSummaryOf(record.resources)),
        clinical_record: read,
        clinical_record_launch_id: launch.id,
      },
    });
    await tx
      .update(clinicalRecordLaunches)
      .set({ referral_id: referral.id })
      .where(eq(clinicalRecordLaunches.id, launch.id));
    await recordAudit(tx, actor, {
      action: 'clinical-record.read',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId,
      detail: { system: system.key, resources: record.counts },
    });
    return { referral_id: referral.id };
  });
}

async function isLiveDraft(db: Database, referralId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.id, referralId), eq(referrals.status, 'DRFT'), eq(referrals.is_deleted, false)));
  return row !== undefined;
}

/**
 * The establishment's record of this patient: the one linked to the record system's patient before, else
 * one with the same date of birth and the same IHI, Medicare number or name.
 */
async function matchingPatient(
  tx: Transaction,
  establishmentId: string,
  external: { system: string; external_id: string },
  record: RecordRead,
): Promise<string | null> {
  const [linked] = await tx
    .select({ id: patients.id })
    .from(patientExternalIds)
    .innerJoin(patients, eq(patients.id, patientExternalIds.patient_id))
    .where(
      and(
        eq(patientExternalIds.system, external.system),
        eq(patientExternalIds.external_id, external.external_id),
        eq(patients.establishment_id, establishmentId),
        ne(patients.status, 'deleted'),
      ),
    );
  if (linked) return linked.id;
  const fromRecord = recordPatientOf(record.patient);
  if (!fromRecord.dob) return null;
  const sameBirthday = await tx
    .select({
      id: patients.id,
      first_name: patients.first_name,
      last_name: patients.last_name,
      ihi: patients.ihi,
      medicare: patients.pub_insurance_details,
    })
    .from(patients)
    .where(
      and(
        eq(patients.establishment_id, establishmentId),
        eq(patients.dob, fromRecord.dob),
        ne(patients.status, 'deleted'),
      ),
    );
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
  const match =
    sameBirthday.find((p) => same(p.ihi, fromRecord.ihi)) ??
    sameBirthday.find((p) => same(p.medicare, fromRecord.pub_insurance_details)) ??
    sameBirthday.find(
      (p) => same(p.first_name, fromRecord.first_name) && same(p.last_name, fromRecord.last_name),
    );
  if (!match) return null;
  await tx
    .insert(patientExternalIds)
    .values({ patient_id: match.id, ...external })
    .onConflictDoNothing();
  return match.id;
}

/**
 * The new patient record from the record system's Patient, with the record's number for them (the launch
 * context's, else the Patient's MR identifier) as their MRN at the practice. A detail the save rules refuse (a Medicare
 * number that fails its check digit) is left out rather than stopping the referral; without a name or date
 * of birth there is no record to make, which the sender is told.
 */
function patientFromRecord(
  record: RecordRead,
  external: { system: string; external_id: string },
  context: { mrn: string | null },
): PatientWrite {
  const fromRecord = recordPatientOf(record.patient);
  const body: PatientWrite = {
    ...fromRecord,
    mrn: context.mrn ?? fromRecord.mrn ?? null,
    external_ids: [external],
  };
  const errors: FieldErrors = validatePatientSave(body, { mode: 'create' });
  for (const field of Object.keys(errors)) {
    if (!['first_name', 'last_name', 'dob'].includes(field)) delete (body as Record<string, unknown>)[field];
  }
  throwIfErrors(validatePatientSave(body, { mode: 'create' }));
  return preparePatientSave(body, { create: true });
}
