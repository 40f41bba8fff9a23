import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EhrSandbox } from '@referrals/ehr-sandbox';
import { Browser } from '@referrals/ehr-sandbox/test-browser';
import {
  CLINICAL_RECORD_EXPIRED_MESSAGE,
  CLINICAL_RECORD_FAILED_MESSAGE,
  LAUNCH_NOT_STARTED_HERE_MESSAGE,
  LAUNCH_WITHOUT_ACCOUNT_MESSAGE,
  LAUNCH_WITHOUT_PATIENT_MESSAGE,
  UNKNOWN_RECORD_SYSTEM_MESSAGE,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { createEstablishment, type Establishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { clinicalRecordLaunches } from '../../db/schema/clinical-record.ts';
import { patients } from '../../db/schema/patients.ts';
import { referrals } from '../../db/schema/referrals.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import { forgetExpiredLaunches } from './expired-launch-cleanup.ts';
import { GP_EMAIL, launchTestBed, PUBLIC_URL, type LaunchTestBed } from './launch-test-bed.ts';

const PASSWORD = 'launch-test-password';

/**
 * A launch from a clinical record against the sandbox record system (tools/ehr-sandbox: Medplum's FHIR
 * server and oidc-provider as the SMART authorization server), the way a browser goes through it: the
 * record's launch, its sign-in page, the return to Referrals, the ticket sign-in, the draft.
 */
describe('a launch from a clinical record (SMART App Launch 2.0)', () => {
  let bed: LaunchTestBed;
  let sandbox: EhrSandbox;
  let t: TestApp;
  let practice: Establishment;
  let clinic: Establishment;
  let post: LaunchTestBed['post'];
  let signInAtRecord: LaunchTestBed['signInAtRecord'];

  beforeAll(async () => {
    // Retries a few milliseconds apart, so a record system refusing twice is tried a third time at once.
    bed = await launchTestBed({ password: PASSWORD, jobs: { firstRetryDelayMs: 5, maxRetryDelayMs: 10 } });
    ({ sandbox, t, practice, post, signInAtRecord } = bed);
    clinic = await createEstablishment(t.database.db, { name: 'Inner West Cardiology', type: 'CL' });
  }, 60_000);

  afterAll(() => bed?.close());

  beforeEach(() => sandbox.reset());

  /** A launch's draft, sent to the clinic: what the GP does in the wizard, through the API. */
  async function submittedFromRecord() {
    const launch_id = await bed.finishedLaunch();
    const gp = await signedInAs(t.app, GP_EMAIL, PASSWORD);
    const started = await gp('POST', `/api/clinical-record/launches/${launch_id}/referral/`);
    const id = started.json<{ referral_id: string }>().referral_id;
    const draft = (await gp('GET', `/api/referrals/${id}/`)).json<Referral>();
    const summary = draft.clinical_summary;
    if (summary === null) throw new Error('the draft has no clinical summary');
    const edited = await gp('PATCH', `/api/referrals/${id}/`, {
      version: draft.version,
      to_establishment: clinic.id,
      no_named_specialist: true,
      clinical_summary: { ...summary, allergies: [{ text: 'Penicillin (hives)', detail: null, date: null }] },
    });
    expect(edited.statusCode).toBe(200);
    expect((await gp('POST', `/api/referrals/${id}/submit/`)).statusCode).toBe(200);
    return { gp, id, launchId: launch_id };
  }

  /** Runs the job runner until the filing is no longer queued (its retries are milliseconds apart here). */
  async function filingSettled(gp: Awaited<ReturnType<typeof signedInAs>>, id: string) {
    for (let round = 0; round < 50; round++) {
      await t.app.jobs.drain();
      const referral = (await gp('GET', `/api/referrals/${id}/`)).json<Referral>();
      if (referral.clinical_record_filing?.status !== 'queued') return referral;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the filing stayed queued');
  }

  /** The record system's DocumentReferences of the patient, read back by a FHIR search with the launch's token. */
  async function filedDocuments(launchId: string) {
    const [launch] = await t.database.db
      .select()
      .from(clinicalRecordLaunches)
      .where(eq(clinicalRecordLaunches.id, launchId));
    const search = await fetch(
      `${sandbox.fhirBaseUrl}/DocumentReference?patient=${sandbox.patients.thompson}`,
      {
        headers: { authorization: `Bearer ${launch?.access_token}`, accept: 'application/fhir+json' },
      },
    );
    expect(search.status).toBe(200);
    const bundle = (await search.json()) as {
      entry?: {
        resource: { id: string; content: { attachment: { contentType: string; data: string } }[] };
      }[];
    };
    return (bundle.entry ?? []).map((entry) => entry.resource);
  }

  it('files the submitted letter back to the record as a DocumentReference with the PDF', async () => {
    const { gp, id, launchId } = await submittedFromRecord();
    const queued = await gp('POST', `/api/referrals/${id}/upload-to-emr/`);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toEqual({ detail: 'The referral letter will be filed to your clinical record.' });

    const referral = await filingSettled(gp, id);
    expect(referral.clinical_record_filing).toMatchObject({ status: 'filed', error: null });
    const documents = await filedDocuments(launchId);
    expect(documents.map((d) => d.id)).toEqual([referral.clinical_record_filing?.document_id]);
    const pdf = Buffer.from(documents[0]?.content[0]?.attachment.data ?? '', 'base64');
    expect(documents[0]?.content[0]?.attachment.contentType).toBe('application/pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const exported = await gp('GET', `/api/referrals/${id}/export-to-emr/`);
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({
      resourceType: 'DocumentReference',
      subject: { reference: `Patient/${sandbox.patients.thompson}` },
    });
  });

  it('files the letter after the record system refused it twice', async () => {
    const { gp, id, launchId } = await submittedFromRecord();
    sandbox.setFailures({ refuseDocumentReferences: 2 });
    expect((await gp('POST', `/api/referrals/${id}/upload-to-emr/`)).statusCode).toBe(202);
    const referral = await filingSettled(gp, id);
    expect(referral.clinical_record_filing?.status).toBe('filed');
    expect(await filedDocuments(launchId)).toHaveLength(1);
  });

  it('says the integration expired when the record system refuses the launch’s token, and files nothing', async () => {
    const { gp, id, launchId } = await submittedFromRecord();
    sandbox.setFailures({ fhir: 'unauthorized' });
    expect((await gp('POST', `/api/referrals/${id}/upload-to-emr/`)).statusCode).toBe(202);
    const referral = await filingSettled(gp, id);
    expect(referral.clinical_record_filing).toMatchObject({
      status: 'failed',
      error: CLINICAL_RECORD_EXPIRED_MESSAGE,
    });
    await sandbox.reset();
    expect(await filedDocuments(launchId)).toEqual([]);
  });

  it('forgets expired launches: an unfinished one goes, a finished one keeps no tokens', async () => {
    const launch_id = await bed.finishedLaunch();
    const unfinished = await post('/api/clinical-record/launches/', {
      iss: sandbox.fhirBaseUrl,
      launch: 'x',
    });
    expect(unfinished.statusCode).toBe(201);
    const db = t.database.db;
    const tomorrow = new Date(Date.now() + 25 * 60 * 60_000);
    const before = await db
      .select()
      .from(clinicalRecordLaunches)
      .where(eq(clinicalRecordLaunches.id, launch_id));
    expect(before[0]?.access_token).not.toBeNull();

    await forgetExpiredLaunches(db, tomorrow);
    const left = await db.select().from(clinicalRecordLaunches);
    expect(left.filter((launch) => launch.status === 'started')).toEqual([]);
    expect(left.find((launch) => launch.id === launch_id)).toMatchObject({
      access_token: null,
      refresh_token: null,
      patient_id: sandbox.patients.thompson,
    });
  });

  async function launchCount() {
    return (await t.database.db.select().from(clinicalRecordLaunches)).length;
  }

  it('signs the matched person in with the ticket and starts a draft with the patient and their record', async () => {
    const returned = await signInAtRecord();
    const completed = await post('/api/clinical-record/launches/complete/', returned);
    expect(completed.statusCode).toBe(200);
    const { launch_id, sign_in_ticket } = completed.json<{ launch_id: string; sign_in_ticket: string }>();
    expect(sign_in_ticket).not.toBe('');

    const gp = await signedInAs(t.app, GP_EMAIL, PASSWORD);
    const started = await gp('POST', `/api/clinical-record/launches/${launch_id}/referral/`);
    expect(started.statusCode).toBe(201);
    const { referral_id } = started.json<{ referral_id: string }>();

    const draft = (await gp('GET', `/api/referrals/${referral_id}/`)).json<Referral>();
    expect(draft.status.value).toBe('DRFT');
    expect(draft.patient).toMatchObject({
      first_name: 'Margaret Anne',
      last_name: 'Thompson',
      dob: '1958-04-12',
    });
    expect(draft.clinical_summary?.conditions.map((c) => c.text)).toContain('Type 2 diabetes mellitus');
    expect(draft.clinical_summary?.medications.length).toBeGreaterThan(0);
    expect(draft.clinical_summary?.allergies.length).toBeGreaterThan(0);
    expect(draft.clinical_summary?.measurements.weight_kg).toBeGreaterThan(0);
    expect(draft.clinical_record).toMatchObject({ system: 'sandbox', patient_id: sandbox.patients.thompson });
    expect(draft.clinical_record?.resources).toMatchObject({ Patient: 1, Condition: expect.any(Number) });
    // The record offers CTX-PROVIDER (Dr Mitchell's provider number there), not CTX-PATIENT.
    expect(draft.clinical_record?.resources).toHaveProperty(['Observation/CTX-PROVIDER'], 1);
    expect(draft.clinical_record?.resources).not.toHaveProperty(['Observation/CTX-PATIENT']);
    expect(draft.referrer_provider_num).toBe('2426621B');

    // The patient is made at the practice with the record's Medicare number and IHI, linked to the record.
    const [patient] = await t.database.db
      .select()
      .from(patients)
      .where(eq(patients.id, draft.patient?.id ?? ''));
    expect(patient).toMatchObject({ establishment_id: practice.id, state: 'NSW' });
    expect(patient?.pub_insurance_details).toMatch(/^\d{10}$/);
    expect(patient?.ihi).toMatch(/^800360\d{10}$/);
    const mrns = await gp('GET', `/api/patients/${draft.patient?.id}/mrn/`);
    expect(JSON.stringify(mrns.json())).toContain('HFM-001024');

    // The same launch opens the same draft; a second launch for the patient finds the same record.
    const again = await gp('POST', `/api/clinical-record/launches/${launch_id}/referral/`);
    expect(again.json<{ referral_id: string }>().referral_id).toBe(referral_id);
    const second = await post('/api/clinical-record/launches/complete/', await signInAtRecord());
    const secondDraft = await gp(
      'POST',
      `/api/clinical-record/launches/${second.json<{ launch_id: string }>().launch_id}/referral/`,
    );
    const secondReferral = (
      await gp('GET', `/api/referrals/${secondDraft.json<{ referral_id: string }>().referral_id}/`)
    ).json<Referral>();
    expect(secondReferral.patient?.id).toBe(draft.patient?.id);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.resource_id, referral_id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['referral.create', 'clinical-record.read']),
    );
  });

  it('takes a standalone launch, whose patient is chosen at the record system', async () => {
    const started = await post('/api/clinical-record/launches/', { iss: sandbox.fhirBaseUrl });
    expect(started.statusCode).toBe(201);
    const authorization = new URL(started.json<{ authorization_url: string }>().authorization_url);
    expect(authorization.searchParams.get('scope')).toContain('launch/patient');
    expect(authorization.searchParams.has('launch')).toBe(false);
    const browser = new Browser();
    const signIn = await browser.visit(authorization.href, PUBLIC_URL);
    const picker = await browser.submit(signIn, { email: GP_EMAIL, password: 'sandbox' }, PUBLIC_URL);
    const back = await browser.submit(picker, { patient: sandbox.patients.nguyen }, PUBLIC_URL);
    const completed = await post(
      '/api/clinical-record/launches/complete/',
      Object.fromEntries(new URL(back.url).searchParams),
    );
    expect(completed.statusCode).toBe(200);
    const { launch_id } = completed.json<{ launch_id: string }>();
    const [launch] = await t.database.db
      .select()
      .from(clinicalRecordLaunches)
      .where(eq(clinicalRecordLaunches.id, launch_id));
    expect(launch?.patient_id).toBe(sandbox.patients.nguyen);
  });

  it('answers another person’s launch like a missing one', async () => {
    const launch_id = await bed.finishedLaunch();
    const other = await bed.signedInColleague('colleague@launch.test');
    const answer = await other('POST', `/api/clinical-record/launches/${launch_id}/referral/`);
    expect(answer.statusCode).toBe(404);
    const missing = await other(
      'POST',
      '/api/clinical-record/launches/00000000-0000-4000-8000-000000000000/referral/',
    );
    expect(missing.statusCode).toBe(404);
    expect(answer.json()).toEqual(missing.json());
  });

  it('refuses a record system it does not know, with nothing kept', async () => {
    const before = await launchCount();
    const answer = await post('/api/clinical-record/launches/', {
      iss: 'https://ehr.elsewhere.example/fhir',
      launch: 'abc',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ iss: [UNKNOWN_RECORD_SYSTEM_MESSAGE] });
    expect(await launchCount()).toBe(before);
  });

  it('refuses a return whose state it did not start, and a return used twice', async () => {
    const returned = await signInAtRecord();
    const forged = await post('/api/clinical-record/launches/complete/', { ...returned, state: 'not-ours' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ state: [LAUNCH_NOT_STARTED_HERE_MESSAGE] });

    expect((await post('/api/clinical-record/launches/complete/', returned)).statusCode).toBe(200);
    const replayed = await post('/api/clinical-record/launches/complete/', returned);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ state: [LAUNCH_NOT_STARTED_HERE_MESSAGE] });
  });

  it('refuses a token without a patient in context, keeping no launch', async () => {
    const before = await launchCount();
    const answer = await post(
      '/api/clinical-record/launches/complete/',
      await signInAtRecord({ patientId: null }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ non_field_errors: [LAUNCH_WITHOUT_PATIENT_MESSAGE] });
    expect(await launchCount()).toBe(before);
  });

  it('refuses a record system user without a Referrals account', async () => {
    const answer = await post(
      '/api/clinical-record/launches/complete/',
      await signInAtRecord({ email: 'alex.morgan@sandbox.example' }),
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ detail: LAUNCH_WITHOUT_ACCOUNT_MESSAGE });
  });

  it('says the record system is down when it does not answer, and leaves no draft when it fails mid-way', async () => {
    sandbox.setFailures({ fhir: 'down' });
    const down = await post('/api/clinical-record/launches/', { iss: sandbox.fhirBaseUrl, launch: 'x' });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({
      detail: CLINICAL_RECORD_FAILED_MESSAGE,
      code: 'clinical_record_unavailable',
    });
    await sandbox.reset();

    const launch_id = await bed.finishedLaunch();
    const gp = await signedInAs(t.app, GP_EMAIL, PASSWORD);
    const draftsBefore = (await t.database.db.select().from(referrals)).length;
    const patientsBefore = (await t.database.db.select().from(patients)).length;

    sandbox.setFailures({ fhir: 'unauthorized' });
    const expired = await gp('POST', `/api/clinical-record/launches/${launch_id}/referral/`);
    expect(expired.statusCode).toBe(502);
    expect(expired.json()).toEqual({
      detail: CLINICAL_RECORD_EXPIRED_MESSAGE,
      code: 'clinical_record_expired',
    });

    sandbox.setFailures({ fhir: 'down' });
    const failed = await gp('POST', `/api/clinical-record/launches/${launch_id}/referral/`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'clinical_record_unavailable' });
    expect((await t.database.db.select().from(referrals)).length).toBe(draftsBefore);
    expect((await t.database.db.select().from(patients)).length).toBe(patientsBefore);
  });
});
