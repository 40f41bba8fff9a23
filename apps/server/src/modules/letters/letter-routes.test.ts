import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit-log.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';

describe('the referral letter (GET referrals/{id}/pdf/)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let id: string;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    const draft = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
    });
    id = draft.json<{ id: string }>().id;
    await t.database.db
      .update(referrals)
      .set({ forms: { clinical_details: { reason_for_referral: 'Palpitations', smoker: false } } })
      .where(eq(referrals.id, id));
    await p.gp.api('POST', `/api/referrals/${id}/submit/`);
  });
  afterAll(() => t.app.close());

  const letterAudits = () =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, id), eq(auditLog.action, 'referral.letter')));

  it('answers the sender and the receiver a PDF, inline, uncached, named without the patient', async () => {
    for (const who of [p.gp, p.specialist, p.triageNurse]) {
      const res = await who.api('GET', `/api/referrals/${id}/pdf/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toBe(`inline; filename="referral-${id}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const download = await p.gp.api('GET', `/api/referrals/${id}/pdf/?mode=download`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="referral-/);
    const audits = await letterAudits();
    expect(audits).toHaveLength(4);
    expect(audits.map((row) => row.actor_id)).toContain(p.specialist.user.id);
    expect(audits[0]?.patient_id).toBe(p.patient.id);
  });

  it('is a 404 to an outsider and a colleague without shared access, and for a bad id', async () => {
    const before = (await letterAudits()).length;
    for (const who of [p.outsider, p.gpColleague, p.clinicColleague]) {
      const res = await who.api('GET', `/api/referrals/${id}/pdf/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await p.gp.api('GET', '/api/referrals/not-a-uuid/pdf/')).statusCode).toBe(404);
    expect(await letterAudits()).toHaveLength(before);
  });

  it('documents the PDF in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/referrals/{id}/pdf/'].get;
    expect(op.operationId).toBe('getReferralLetter');
    expect(Object.keys(op.responses['200'].content)).toEqual(['application/pdf']);
  });
});
