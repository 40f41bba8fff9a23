import { and, eq } from 'drizzle-orm';
import { Hl7Message, type Hl7Segment } from '@medplum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createEstablishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { patientMrns, patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/people.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { draftReport, submittedReport } from '../reports/report-test-setup.ts';
import { unescapeHl7 } from './hl7-fields.ts';

// The names carry every HL7 separator and the escape character: each must come back as it went.
const FIRST_NAME = 'Ann^Marie';
const LAST_NAME = 'Smith & Jones|Whitfield~\\Jr';
const IHI = '8003608166690503';
const MEDICARE = '2123456701';
const GP_PROVIDER = '0491234A';
const SPECIALIST_PROVIDER = '2426621B';
const MESSAGE = 'Exertional chest pain for three weeks.\nECG attached; please see soon.';

/** A field's component as sent (still escaped), through @medplum/core only. */
const raw = (segment: Hl7Segment | undefined, field: number, component = 1, repetition = 0) =>
  segment?.getField(field)?.getComponent(component, undefined, repetition) ?? '';

function parsed(body: string): Hl7Message {
  const message = Hl7Message.parse(body);
  expect(body.split('\r').length).toBe(message.segments.length);
  return message;
}

/** The PDF an OBX carries: ED as ^application^pdf^Base64^<bytes>. */
function embeddedPdf(message: Hl7Message): Buffer {
  const obx = message.getSegment('OBX');
  expect(raw(obx, 2)).toBe('ED');
  expect([raw(obx, 3, 1), raw(obx, 3, 3)]).toEqual(['PDF', 'AUSPDI']);
  expect([2, 3, 4].map((c) => raw(obx, 5, c))).toEqual(['application', 'pdf', 'Base64']);
  return Buffer.from(raw(obx, 5, 5), 'base64');
}

describe('HL7 v2 export: GET referrals/{id}/hl7/', () => {
  let t: TestApp;
  let p: ReferralParties;
  let referralId: string;
  const exportOf = (who: Person, query = '') => who.api('GET', `/api/referrals/${referralId}/hl7/${query}`);

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    p = await referralParties(t.app, db);
    await db
      .update(patients)
      .set({
        first_name: FIRST_NAME,
        last_name: LAST_NAME,
        dob: '1961-03-02',
        sex: 'F',
        ihi: IHI,
        pub_insurance_type: 'MDCR',
        pub_insurance_details: MEDICARE,
        medicare_ref_num: '1',
      })
      .where(eq(patients.id, p.patient.id));
    await db.insert(patientMrns).values([
      { patient_id: p.patient.id, establishment_id: p.clinic.id, number: 'NC-1234' },
      { patient_id: p.patient.id, establishment_id: p.practice.id, number: 'HFP-77' },
    ]);
    await db.update(users).set({ default_provider_num: GP_PROVIDER }).where(eq(users.id, p.gp.user.id));
    await db
      .update(users)
      .set({ default_provider_num: SPECIALIST_PROVIDER })
      .where(eq(users.id, p.specialist.user.id));
    const referral = await insertReferral(db, p, {
      status: 'ACPT',
      triage_priority: 'URGENT',
      referrer_message: MESSAGE,
      expires_at: new Date('2027-11-01T10:00:00Z'),
    });
    referralId = referral.id;
  });
  afterAll(() => t.app.close());

  it('answers the referral as a REF^I12 that @medplum/core parses, every field where the mapping puts it', async () => {
    const res = await exportOf(p.specialist);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/hl7-v2; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="referral-${referralId}.hl7"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const message = parsed(res.body);
    expect(message.segments.map((s) => s.name)).toEqual([
      'MSH',
      'RF1',
      'PRD',
      'PRD',
      'PID',
      'OBR',
      'NTE',
      'NTE',
      'OBX',
    ]);

    const msh = message.getSegment('MSH');
    expect(raw(msh, 3)).toBe('REFERRALS');
    expect([raw(msh, 4, 1), raw(msh, 4, 2), raw(msh, 4, 3)]).toEqual([
      p.practice.name,
      p.practice.id,
      'GUID',
    ]);
    expect([raw(msh, 6, 1), raw(msh, 6, 2), raw(msh, 6, 3)]).toEqual([p.clinic.name, p.clinic.id, 'GUID']);
    expect(raw(msh, 7)).toMatch(/^\d{14}\+0000$/);
    expect([raw(msh, 9, 1), raw(msh, 9, 2), raw(msh, 9, 3)]).toEqual(['REF', 'I12', 'REF_I12']);
    expect(raw(msh, 10)).toMatch(/^[0-9a-f]{20}$/);
    expect([raw(msh, 11), raw(msh, 12)]).toEqual(['P', '2.5']);

    const rf1 = message.getSegment('RF1');
    expect([1, 2, 3, 4, 5, 6].map((c) => raw(rf1, 1, c))).toEqual([
      'A',
      'Accepted',
      'HL70283',
      'ACPT',
      'Accepted',
      'L',
    ]);
    expect([raw(rf1, 2, 1), raw(rf1, 2, 3), raw(rf1, 2, 4)]).toEqual(['A', 'HL70280', 'URGENT']);
    expect([raw(rf1, 3, 1), raw(rf1, 3, 4)]).toEqual(['Med', 'IN-APP']);
    expect([raw(rf1, 6, 1), raw(rf1, 6, 2)]).toEqual([referralId, 'REFERRALS']);
    expect(raw(rf1, 7)).toBe('20261101100000+0000');
    expect(raw(rf1, 8)).toBe('20271101100000+0000');
    expect(raw(rf1, 10, 2)).toBe('Exertional chest pain for three weeks.');

    const [referring, referredTo] = message.getAllSegments('PRD');
    expect([raw(referring, 1), raw(referring, 2, 1), raw(referring, 2, 2)]).toEqual([
      'RP',
      'Palmer',
      'Grace',
    ]);
    expect([raw(referring, 7, 1), raw(referring, 7, 2)]).toEqual([GP_PROVIDER, 'AUSHICPR']);
    expect(referring?.getField(4)?.getComponent(4, 1)).toBe(p.practice.id);
    expect([raw(referredTo, 1), raw(referredTo, 2, 1), raw(referredTo, 2, 2)]).toEqual([
      'RT',
      'Hart',
      'Samuel',
    ]);
    expect(raw(referredTo, 7)).toBe(SPECIALIST_PROVIDER);

    const pid = message.getSegment('PID');
    const identifiers = [0, 1, 2].map((r) => [1, 4, 5].map((c) => raw(pid, 3, c, r)));
    expect(identifiers).toEqual([
      [IHI, 'AUSHIC', 'NI'],
      [`${MEDICARE}1`, 'AUSHIC', 'MC'],
      // The clinic's own MRN, assigned by the clinic; the practice's is not the clinic's to read.
      ['NC-1234', '', 'MR'],
    ]);
    expect(pid?.getField(3)?.components).toHaveLength(3);
    expect(pid?.getField(3)?.getComponent(6, 1, 2)).toBe(p.clinic.id);
    expect([raw(pid, 7), raw(pid, 8)]).toEqual(['19610302', 'F']);

    const obr = message.getSegment('OBR');
    expect([raw(obr, 2), raw(obr, 4, 1), raw(obr, 4, 3), raw(obr, 25)]).toEqual([
      referralId,
      '57133-1',
      'LN',
      'F',
    ]);
    expect([1, 2, 3, 9, 13].map((c) => raw(obr, 16, c))).toEqual([
      GP_PROVIDER,
      'Palmer',
      'Grace',
      'AUSHICPR',
      'UPIN',
    ]);
    expect(message.getAllSegments('NTE').map((nte) => raw(nte, 3))).toEqual(MESSAGE.split('\n'));
    expect(embeddedPdf(message).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('escapes a name with ^, &, |, ~ and \\ as HL7 says, and the name survives the round trip', async () => {
    const message = parsed((await exportOf(p.specialist)).body);
    const pid = message.getSegment('PID');
    expect(raw(pid, 5, 1)).toBe('Smith \\T\\ Jones\\F\\Whitfield\\R\\\\E\\Jr');
    expect(raw(pid, 5, 2)).toBe('Ann\\S\\Marie');
    expect(unescapeHl7(raw(pid, 5, 1), message.context)).toBe(LAST_NAME);
    expect(unescapeHl7(raw(pid, 5, 2), message.context)).toBe(FIRST_NAME);
  });

  it('gives the sender its own MRN, and audits every export in the read', async () => {
    const message = parsed((await exportOf(p.gp)).body);
    const pid = message.getSegment('PID');
    expect(raw(pid, 3, 1, 2)).toBe('HFP-77');
    expect(pid?.getField(3)?.getComponent(6, 1, 2)).toBe(p.practice.id);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, referralId), eq(auditLog.action, 'referral.export')));
    expect(audits.map((row) => row.detail)).toContainEqual({ format: 'hl7v2' });
    expect(audits.every((row) => row.patient_id === p.patient.id)).toBe(true);
  });

  it('answers a report as an ORU^R01 with the reach of its PDF', async () => {
    const report = await submittedReport(p.specialist, referralId, { title: 'Rhythm report' });
    const res = await exportOf(p.gp, `?mode=report&report_id=${report.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-${report.id}.hl7"`);
    const message = parsed(res.body);
    expect(message.segments.map((s) => s.name)).toEqual(['MSH', 'PID', 'ORC', 'OBR', 'OBX']);
    const msh = message.getSegment('MSH');
    expect([raw(msh, 9, 1), raw(msh, 9, 2), raw(msh, 4, 2), raw(msh, 6, 2)]).toEqual([
      'ORU',
      'R01',
      p.clinic.id,
      p.practice.id,
    ]);
    const orc = message.getSegment('ORC');
    expect([raw(orc, 1), raw(orc, 2), raw(orc, 3), raw(orc, 12, 1)]).toEqual([
      'RE',
      referralId,
      report.id,
      GP_PROVIDER,
    ]);
    const obr = message.getSegment('OBR');
    expect([raw(obr, 4, 1), raw(obr, 4, 9), raw(obr, 25)]).toEqual(['11488-4', 'Rhythm report', 'F']);
    expect(obr?.getField(32)?.getComponent(1, 0)).toBe(SPECIALIST_PROVIDER);
    expect(obr?.getField(32)?.getComponent(1, 1)).toBe('Hart');
    expect(unescapeHl7(raw(message.getSegment('PID'), 5, 1), message.context)).toBe(LAST_NAME);
    expect(embeddedPdf(message).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const draft = await draftReport(p.specialist, referralId);
    const hidden = await exportOf(p.gp, `?mode=report&report_id=${draft.id}`);
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { detail: 'Not found.' }]);
    const preliminary = parsed((await exportOf(p.specialist, `?mode=report&report_id=${draft.id}`)).body);
    expect(raw(preliminary.getSegment('OBR'), 25)).toBe('P');
  });

  it('answers another establishment the 404 of a missing referral, and a bad query 400', async () => {
    const elsewhere = await createEstablishment(t.database.db, { name: 'Far Away Clinic' });
    const outsider = await signedInPerson(t.app, t.database.db, {
      at: elsewhere.id,
      employment: { permissions: ['add_referral', 'accept_referral', 'manage_referral'] },
    });
    const report = await submittedReport(p.specialist, referralId);
    for (const query of ['', `?mode=report&report_id=${report.id}`]) {
      const res = await exportOf(outsider, query);
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Not found.' }]);
    }
    const missing = await p.gp.api('GET', '/api/referrals/00000000-0000-4000-8000-000000000000/hl7/');
    expect(missing.statusCode).toBe(404);
    expect((await exportOf(p.gp, '?mode=report')).json()).toEqual({
      report_id: ['This field is required.'],
    });
    expect((await exportOf(p.gp, `?report_id=${report.id}`)).statusCode).toBe(400);
  });
});
