import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { EhrSandbox } from '@referrals/ehr-sandbox';
import { CLINICAL_RECORD_EXPIRED_MESSAGE } from '@referrals/domain/clinical-record/clinical-record-schemas';
import {
  EMR_MEDICARE_MESSAGE,
  EMR_SEARCH_CRITERIA_MESSAGE,
  type EmrPatientVerification,
  type RecordPatient,
} from '@referrals/domain/clinical-record/emr-patient-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { createEstablishment, createPatient, type Establishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { patientExternalIds } from '../../db/schema/patients.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import { GP_EMAIL, launchTestBed, type LaunchTestBed } from './launch-test-bed.ts';

const PASSWORD = 'emr-patients-test-password';
const MISSING = '00000000-0000-4000-8000-000000000000';
// Margaret Thompson's card in the sandbox: 2950 1234 8 issue 1, individual reference number 1.
const THOMPSON_CARD = '2950123481';

type Api = Awaited<ReturnType<typeof signedInAs>>;

/**
 * emr-patient-search, emr-patient-verify and emr-patient-batch-verify (spec section 7, EMR) against the
 * sandbox record system, through a launch made the way a browser makes it.
 */
describe('the record system’s patients through a launch', () => {
  let bed: LaunchTestBed;
  let sandbox: EhrSandbox;
  let t: TestApp;
  let practice: Establishment;
  let otherPractice: Establishment;
  let gp: Api;
  const launch = () => bed.finishedLaunch();

  beforeAll(async () => {
    bed = await launchTestBed({ password: PASSWORD });
    ({ sandbox, t, practice } = bed);
    otherPractice = await createEstablishment(t.database.db, { name: 'Rozelle Medical Centre', type: 'PR' });
    gp = await signedInAs(t.app, GP_EMAIL, PASSWORD);
  }, 60_000);

  afterAll(() => bed?.close());

  beforeEach(() => sandbox.reset());

  const search = (api: Api, body: Record<string, unknown>) =>
    api('POST', '/api/referrals/emr-patient-search/', body);
  const verify = (api: Api, launchId: string, patient: string) =>
    api('POST', '/api/referrals/emr-patient-verify/', { launch: launchId, patient });
  const linksOf = (patientId: string) =>
    t.database.db.select().from(patientExternalIds).where(eq(patientExternalIds.patient_id, patientId));
  const auditOf = (patientIds: string[]) =>
    t.database.db.select().from(auditLog).where(inArray(auditLog.patient_id, patientIds));

  it('finds Margaret Thompson by family name, with her record’s identifiers and address', async () => {
    const answer = await search(gp, { launch: await launch(), family: 'thomp' });
    expect(answer.statusCode).toBe(200);
    const { results } = answer.json<{ results: RecordPatient[] }>();
    expect(results).toEqual([
      {
        id: 'margaret-thompson',
        first_name: 'Margaret Anne',
        last_name: 'Thompson',
        dob: '1958-04-12',
        sex: 'F',
        medicare: `${THOMPSON_CARD}1`,
        ihi: expect.stringMatching(/^800360\d{10}$/),
        address: '7 Darling Street, Balmain NSW 2041',
      },
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'clinical-record.search-patients'));
    expect(audit?.detail).toMatchObject({ system: 'sandbox', criteria: ['family'], found: 1 });
  });

  it('finds a patient by the Medicare card number, with or without the reference number, and by IHI', async () => {
    const launchId = await launch();
    const byCard = await search(gp, { launch: launchId, medicare: '2950 1234 81' });
    expect(byCard.json<{ results: RecordPatient[] }>().results.map((p) => p.id)).toEqual([
      'margaret-thompson',
    ]);
    const byCardAndIrn = await search(gp, { launch: launchId, medicare: `${THOMPSON_CARD}1` });
    expect(byCardAndIrn.json<{ results: RecordPatient[] }>().results.map((p) => p.id)).toEqual([
      'margaret-thompson',
    ]);
    const wrongIrn = await search(gp, { launch: launchId, medicare: `${THOMPSON_CARD}2` });
    expect(wrongIrn.json<{ results: RecordPatient[] }>().results).toEqual([]);

    const ihi = byCard.json<{ results: RecordPatient[] }>().results[0]?.ihi ?? '';
    const byIhi = await search(gp, { launch: launchId, ihi, given: 'Margaret' });
    expect(byIhi.json<{ results: RecordPatient[] }>().results.map((p) => p.id)).toEqual([
      'margaret-thompson',
    ]);
    const byBirthday = await search(gp, { launch: launchId, birthdate: '1979-09-03' });
    expect(byBirthday.json<{ results: RecordPatient[] }>().results.map((p) => p.id)).toEqual([
      'james-nguyen',
    ]);
  });

  it('refuses a search without a criterion, and a Medicare number that fails its check digit', async () => {
    const launchId = await launch();
    const empty = await search(gp, { launch: launchId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ non_field_errors: [EMR_SEARCH_CRITERIA_MESSAGE] });
    const badCard = await search(gp, { launch: launchId, medicare: '2950123491' });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json()).toEqual({ medicare: [EMR_MEDICARE_MESSAGE] });
  });

  it('verifies the patient a launch made, and links a matching patient made by hand to the record', async () => {
    const launchId = await launch();
    const started = await gp('POST', `/api/clinical-record/launches/${launchId}/referral/`);
    const draft = (
      await gp('GET', `/api/referrals/${started.json<{ referral_id: string }>().referral_id}/`)
    ).json<Referral>();
    const fromLaunch = draft.patient?.id ?? '';

    const answer = await verify(gp, launchId, fromLaunch);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      patient: fromLaunch,
      status: 'verified',
      record_patient: { id: 'margaret-thompson', dob: '1958-04-12' },
      differences: [],
    });

    // James Nguyen typed in without identifiers: found by name and birthday, with what the record adds.
    const typed = await createPatient(t.database.db, {
      establishment_id: practice.id,
      first_name: 'JAMES',
      last_name: 'nguyen',
      dob: '1979-09-03',
      sex: 'M',
      pub_insurance_details: null,
      medicare_ref_num: null,
      ihi: null,
      address1: '41 Illawarra Road',
      address2: null,
      city: 'Marrickville',
      state: 'NSW',
      postcode: '2204',
    });
    const nguyen = await verify(gp, launchId, typed.id);
    expect(nguyen.json()).toEqual({
      patient: typed.id,
      status: 'verified',
      record_patient: expect.objectContaining({ id: 'james-nguyen' }),
      differences: ['Medicare number', 'IHI'],
    });
    expect(await linksOf(typed.id)).toMatchObject([{ system: 'sandbox', external_id: 'james-nguyen' }]);
    const audit = await auditOf([typed.id]);
    expect(audit).toMatchObject([
      { action: 'clinical-record.verify-patient', resource_type: 'patient', resource_id: typed.id },
    ]);
    expect(audit[0]?.detail).toMatchObject({ status: 'verified', record_patient_id: 'james-nguyen' });
  });

  it('finds nobody for a different birthday, and shows the card’s holder when only the card matches', async () => {
    const launchId = await launch();
    const unknown = await createPatient(t.database.db, {
      establishment_id: practice.id,
      first_name: 'Margaret',
      last_name: 'Thompson',
      dob: '1960-01-01',
      pub_insurance_details: null,
      medicare_ref_num: null,
      ihi: null,
    });
    expect((await verify(gp, launchId, unknown.id)).json()).toEqual({
      patient: unknown.id,
      status: 'not_found',
      record_patient: null,
      differences: [],
    });

    const sameCard = await createPatient(t.database.db, {
      establishment_id: practice.id,
      first_name: 'Margaret',
      last_name: 'Thompson',
      dob: '1960-01-01',
      pub_insurance_details: THOMPSON_CARD,
      medicare_ref_num: '1',
      ihi: null,
    });
    const answer = (await verify(gp, launchId, sameCard.id)).json<EmrPatientVerification>();
    expect(answer).toMatchObject({ status: 'ambiguous', record_patient: { id: 'margaret-thompson' } });
    expect(answer.differences).toEqual(expect.arrayContaining(['first name', 'date of birth', 'IHI']));
    expect(answer.differences).not.toContain('Medicare number');
    expect(await linksOf(unknown.id)).toEqual([]);
    expect(await linksOf(sameCard.id)).toEqual([]);
  });

  it('verifies several patients at once, in the order asked', async () => {
    const launchId = await launch();
    const base = {
      establishment_id: practice.id,
      pub_insurance_details: null,
      medicare_ref_num: null,
      ihi: null,
    };
    const chen = await createPatient(t.database.db, {
      ...base,
      first_name: 'Olivia',
      last_name: 'Chen',
      dob: '2015-06-21',
    });
    const stranger = await createPatient(t.database.db, {
      ...base,
      first_name: 'Nobody',
      last_name: 'Inrecord',
      dob: '1990-01-01',
    });
    const oconnor = await createPatient(t.database.db, {
      ...base,
      first_name: 'Daniel',
      last_name: 'O’Connor',
      dob: '1992-11-30',
    });
    const answer = await gp('POST', '/api/referrals/emr-patient-batch-verify/', {
      launch: launchId,
      patients: [chen.id, stranger.id, oconnor.id, chen.id],
    });
    expect(answer.statusCode).toBe(200);
    const { results } = answer.json<{ results: EmrPatientVerification[] }>();
    expect(results.map((r) => [r.patient, r.status, r.record_patient?.id ?? null])).toEqual([
      [chen.id, 'verified', 'olivia-chen'],
      [stranger.id, 'not_found', null],
      [oconnor.id, 'verified', 'daniel-oconnor'],
    ]);
    expect(await linksOf(oconnor.id)).toMatchObject([{ external_id: 'daniel-oconnor' }]);
    expect(await auditOf([chen.id, stranger.id, oconnor.id])).toHaveLength(3);

    const tooMany = await gp('POST', '/api/referrals/emr-patient-batch-verify/', {
      launch: launchId,
      patients: [],
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('answers another establishment’s patient like a missing one, alone or in a batch, writing nothing', async () => {
    const launchId = await launch();
    const theirs = await createPatient(t.database.db, {
      establishment_id: otherPractice.id,
      first_name: 'James',
      last_name: 'Nguyen',
      dob: '1979-09-03',
    });
    const mine = await createPatient(t.database.db, {
      establishment_id: practice.id,
      first_name: 'Olivia',
      last_name: 'Chen',
      dob: '2015-06-21',
      ihi: null,
      pub_insurance_details: null,
    });
    const foreign = await verify(gp, launchId, theirs.id);
    const missing = await verify(gp, launchId, MISSING);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const batch = await gp('POST', '/api/referrals/emr-patient-batch-verify/', {
      launch: launchId,
      patients: [mine.id, theirs.id],
    });
    expect(batch.statusCode).toBe(404);
    expect(await linksOf(mine.id)).toEqual([]);
    expect(await linksOf(theirs.id)).toEqual([]);
    expect(await auditOf([mine.id, theirs.id])).toEqual([]);
  });

  it('answers another person’s launch like a missing one', async () => {
    const launchId = await launch();
    const other = await bed.signedInColleague('colleague@emr-patients.test');
    const theirs = await search(other, { launch: launchId, family: 'Thompson' });
    const missing = await search(other, { launch: MISSING, family: 'Thompson' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Not found.' });
    expect(missing.json()).toEqual(theirs.json());
  });

  it('says the integration expired when the record system refuses the launch’s token', async () => {
    const launchId = await launch();
    const patient = await createPatient(t.database.db, { establishment_id: practice.id });
    sandbox.setFailures({ fhir: 'unauthorized' });
    const expired = { detail: CLINICAL_RECORD_EXPIRED_MESSAGE, code: 'clinical_record_expired' };
    const searched = await search(gp, { launch: launchId, family: 'Thompson' });
    expect(searched.statusCode).toBe(502);
    expect(searched.json()).toEqual(expired);
    const verified = await verify(gp, launchId, patient.id);
    expect(verified.statusCode).toBe(502);
    expect(verified.json()).toEqual(expired);
    expect(await linksOf(patient.id)).toEqual([]);
    expect(await auditOf([patient.id])).toEqual([]);
  });
});
