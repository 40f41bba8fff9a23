import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEstablishment } from '../../db/factories/factories.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { referralHistory, referrals } from '../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { referralParties, type ReferralParties } from './referral-test-parties.ts';

describe('referrals made from referrals: forward, renew, clone, copy', () => {
  let t: TestApp;
  let p: ReferralParties;
  let hospital: { id: string };
  let cardiologist: Person;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    hospital = await createEstablishment(t.database.db, { name: 'Royal Eastern Hospital', type: 'HL' });
    cardiologist = await signedInPerson(t.app, t.database.db, {
      at: hospital.id,
      employment: { permissions: ['accept_referral'] },
      user: { role: 'SP', last_name: 'Okafor' },
    });
  });
  afterAll(() => t.app.close());

  async function submitted(forms: Record<string, Record<string, unknown>> = {}) {
    const draft = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
      referrer_message: 'Exertional chest pain.',
    });
    const id = draft.json<{ id: string }>().id;
    await t.database.db.update(referrals).set({ forms }).where(eq(referrals.id, id));
    expect((await p.gp.api('POST', `/api/referrals/${id}/submit/`)).statusCode).toBe(200);
    return id;
  }
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(referrals).where(eq(referrals.id, id)))[0];

  it('forwards: the original is FWRD, the new receiver gets a submitted copy linked back and is told', async () => {
    const id = await submitted({ cardiac: { chest_pain: 'yes' } });
    const forward = {
      forwarded_to_establishment: hospital.id,
      forwarded_assignee: cardiologist.user.id,
      forwarded_reason: 'MORE_APPROPRIATE_SERVICE',
      forwarded_message: 'Needs the cath lab.',
    };
    const before = await rowOf(id);
    const dryRun = await p.specialist.api('PUT', `/api/referrals/${id}/forward/?validate=true`, forward);
    expect([dryRun.statusCode, dryRun.json()]).toEqual([200, { valid: true }]);
    expect(await rowOf(id)).toEqual(before);
    const res = await p.specialist.api('PUT', `/api/referrals/${id}/forward/`, forward);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: { value: 'FWRD' },
      forwarded_to_establishment: { id: hospital.id, name: 'Royal Eastern Hospital' },
      forwarded_reason: 'MORE_APPROPRIATE_SERVICE',
    });
    const [copy] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.forwarded_from_referral_id, id));
    expect(copy).toMatchObject({
      status: 'SBMT',
      is_forwarded: true,
      to_establishment_id: hospital.id,
      from_establishment_id: p.clinic.id,
      assignee_id: cardiologist.user.id,
      patient_id: p.patient.id,
      referrer_message: 'Exertional chest pain.',
      forms: { cardiac: { chest_pain: 'yes' } },
      receiver_unread: true,
    });
    const seen = await cardiologist.api('GET', `/api/referrals/${copy?.id}/`);
    expect(seen.json()).toMatchObject({
      side: 'receiver',
      is_forwarded: true,
      forwarded_from_referral_id: id,
    });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, cardiologist.user.id));
    expect(told.map((n) => n.subject_id)).toContain(copy?.id);
    // The referrer learns it was forwarded.
    expect((await p.gp.api('GET', `/api/referrals/${id}/`)).json()).toMatchObject({
      status: { value: 'FWRD' },
    });
  });

  it('refuses to forward to the forwarder itself or to someone who does not work there, changing nothing', async () => {
    const id = await submitted();
    const before = await rowOf(id);
    const self = await p.specialist.api('PUT', `/api/referrals/${id}/forward/`, {
      forwarded_to_establishment: p.clinic.id,
      forwarded_no_named_specialist: true,
      forwarded_reason: 'CLOSER_TO_HOME',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toHaveProperty('forwarded_to_establishment');
    const stranger = await p.specialist.api('PUT', `/api/referrals/${id}/forward/`, {
      forwarded_to_establishment: hospital.id,
      forwarded_assignee: p.gp.user.id,
      forwarded_reason: 'CLOSER_TO_HOME',
    });
    expect(stranger.json()).toEqual({
      forwarded_assignee: ['Choose someone who works at the receiving establishment.'],
    });
    const bySender = await p.gp.api('PUT', `/api/referrals/${id}/forward/`, {
      forwarded_to_establishment: hospital.id,
      forwarded_no_named_specialist: true,
      forwarded_reason: 'CLOSER_TO_HOME',
    });
    expect(bySender.statusCode).toBe(403);
    expect(await rowOf(id)).toEqual(before);
  });

  it('renews an accepted referral once: a new submitted referral for the renewal duration, the original marked', async () => {
    const id = await submitted();
    await t.database.db.update(referrals).set({ status: 'ACPT' }).where(eq(referrals.id, id));
    // The dry run answers as the commit would and changes nothing (spec section 4: validate, then commit).
    const dryRun = await p.gp.api('PUT', `/api/referrals/${id}/renew/?validate=true`, {
      renewal_reason: 'Ongoing care',
    });
    expect([dryRun.statusCode, dryRun.json()]).toEqual([200, { valid: true }]);
    expect(await rowOf(id)).toMatchObject({ status: 'ACPT', is_renewed: false });
    const early = await p.gp.api('PUT', `/api/referrals/${id}/renew/`, { renewal_reason: 'Ongoing care' });
    expect(early.statusCode).toBe(201);
    const renewal = early.json();
    expect(renewal).toMatchObject({
      status: { value: 'SBMT' },
      is_renew_referral: true,
      renewed_from_referral_id: id,
      duration: 12,
      renewal_reason: 'Ongoing care',
      to_establishment: { id: p.clinic.id },
    });
    expect(await rowOf(id)).toMatchObject({ status: 'ACPT', is_renewed: true });
    const twice = await p.gp.api('PUT', `/api/referrals/${id}/renew/`, { renewal_reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    const draft = await submitted();
    const notYet = await p.gp.api('PUT', `/api/referrals/${draft}/renew/`, { renewal_reason: 'Too soon' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().status.value).toBe('SBMT');
  });

  it('clones with the patient and copies without, both as new drafts with none of the receiver’s data', async () => {
    const id = await submitted();
    await t.database.db
      .update(referrals)
      .set({ status: 'ACPT', triage_notes: 'Seen before', triage_category: 'CAT2' })
      .where(eq(referrals.id, id));
    const clone = (await p.gp.api('POST', `/api/referrals/${id}/clone/`)).json();
    expect(clone).toMatchObject({
      status: { value: 'DRFT' },
      patient: { id: p.patient.id },
      to_establishment: { id: p.clinic.id },
      referrer_message: 'Exertional chest pain.',
      triage_notes: null,
      triage_category: null,
      submitted_at: null,
    });
    const copy = await p.gp.api('POST', `/api/referrals/${id}/copy/`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      status: { value: 'DRFT' },
      patient: null,
      to_establishment: { id: p.clinic.id },
    });
    const history = await t.database.db
      .select()
      .from(referralHistory)
      .where(eq(referralHistory.referral_id, clone.id));
    expect(history.map((h) => [h.action, h.detail])).toEqual([['clone', { source_referral_id: id }]]);
    expect((await p.specialist.api('POST', `/api/referrals/${id}/clone/`)).statusCode).toBe(403);
  });
});
