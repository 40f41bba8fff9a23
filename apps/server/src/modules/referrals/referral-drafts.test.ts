import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit-log.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { createEstablishment } from '../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { referralParties, type ReferralParties } from './referral-test-parties.ts';

const REQUIRED = ['This field is required.'];

describe('a referral from draft to the receiver (POST referrals/, PUT, submit, view, history)', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());

  const draftFor = (overrides: object = {}) =>
    p.gp.api('POST', '/api/referrals/', {
      type: 'IN-APP',
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
      ...overrides,
    });

  it('starts a draft with the spec’s defaults, from the caller’s establishment, with history and audit', async () => {
    const res = await draftFor();
    expect(res.statusCode).toBe(201);
    const referral = res.json();
    expect(referral).toMatchObject({
      status: { value: 'DRFT', display: 'Draft' },
      type: 'IN-APP',
      referrer_message:
        'I am referring this patient for a comprehensive treatment and management plan with review as required.',
      duration: 12,
      hide_referrer_contact_from_patient: true,
      hide_referrer_contact_from_assignee: true,
      hide_referrer_contact_from_others: false,
      from_establishment: { id: p.practice.id, name: 'Harbour Family Practice' },
      to_establishment: { id: p.clinic.id, name: 'Northside Cardiology' },
      referrer: { id: p.gp.user.id },
      assignee: { id: p.specialist.user.id },
      patient: { id: p.patient.id, first_name: 'Olivia', last_name: 'Whitfield' },
      side: 'sender',
      submitted_at: null,
    });
    expect(referral.allowed_actions).toContain('submit');
    expect(referral.allowed_actions).not.toContain('accept');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.resource_id, referral.id));
    expect(audit.map((row) => row.action)).toEqual(['referral.create']);
  });

  it('gives a specialist’s referral a duration of 3 months', async () => {
    const clinicDraft = await p.specialist.api('POST', '/api/referrals/', {
      to_establishment: p.practice.id,
    });
    expect(clinicDraft.statusCode).toBe(201);
    expect(clinicDraft.json().duration).toBe(3);
  });

  it('refuses a receiver that is the sender’s own, unapproved or unknown, a stranger as assignee, and another practice’s patient', async () => {
    const unapproved = await createEstablishment(t.database.db, { is_approved: false });
    const before = await t.database.db.select().from(referrals);
    for (const to of [p.practice.id, unapproved.id, '6f1c1a57-5a0e-4d6f-9d7e-0a4a3b1c2d3e']) {
      const res = await draftFor({ to_establishment: to });
      expect(res.statusCode).toBe(400);
      expect(res.json().to_establishment).toHaveLength(1);
    }
    const stranger = await draftFor({ assignee: p.outsider.user.id });
    expect(stranger.json()).toEqual({
      assignee: ['Choose someone who works at the receiving establishment.'],
    });
    const otherPatient = await p.outsider.api('POST', '/api/referrals/', { patient: p.patient.id });
    expect(otherPatient.json()).toEqual({ patient: ['Choose a patient your establishment can see.'] });
    const elsewhere = await draftFor({ from_establishment: p.outsiderPractice.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(await t.database.db.select().from(referrals)).toHaveLength(before.length);
  });

  it('answers 403 with the spec’s hint to someone without add_referral', async () => {
    const res = await p.clinicColleague.api('POST', '/api/referrals/', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(
      'You do not have permission for this. Please contact the Account Holder of this establishment or support.',
    );
  });

  it('edits a draft with the version read; a stale or missing version changes nothing', async () => {
    const draft = (await draftFor()).json();
    const edited = await p.gp.api('PATCH', `/api/referrals/${draft.id}/`, {
      version: draft.version,
      referrer_message: 'Palpitations for three weeks; ECG attached.',
      supervisor_name: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      referrer_message: 'Palpitations for three weeks; ECG attached.',
      supervisor_name: null,
      version: draft.version + 1,
    });
    const stale = await p.gp.api('PATCH', `/api/referrals/${draft.id}/`, {
      version: draft.version,
      mrn: 'X1',
    });
    expect(stale.statusCode).toBe(409);
    const blind = await p.gp.api('PATCH', `/api/referrals/${draft.id}/`, { mrn: 'X1' });
    expect(blind.statusCode).toBe(428);
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, draft.id));
    expect(row?.mrn).toBeNull();
  });

  it('submits only a complete draft, then the receiver sees it new and unread, and the first open marks it Under review', async () => {
    const empty = (await p.gp.api('POST', '/api/referrals/', { referrer_message: '' })).json();
    const refused = await p.gp.api('POST', `/api/referrals/${empty.id}/submit/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      to_establishment: REQUIRED,
      patient: REQUIRED,
      referrer_message: REQUIRED,
    });

    const draft = (await draftFor()).json();
    const submitted = await p.gp.api('POST', `/api/referrals/${draft.id}/submit/`);
    expect(submitted.statusCode).toBe(200);
    const sent = submitted.json();
    expect(sent.status).toEqual({ value: 'SBMT', display: 'Submitted' });
    const months = (new Date(sent.expires_at).getTime() - new Date(sent.submitted_at).getTime()) / 86_400_000;
    expect(months).toBeGreaterThan(364);
    expect(months).toBeLessThan(367);

    // A GET never changes state (api-conventions.md).
    expect((await p.gp.api('GET', `/api/referrals/${draft.id}/view/`)).statusCode).toBe(405);
    const again = await p.gp.api('POST', `/api/referrals/${draft.id}/submit/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: expect.stringContaining('Submitted'),
      status: { value: 'SBMT', display: 'Submitted' },
    });

    const inbox = (await p.specialist.api('GET', `/api/referrals/${draft.id}/`)).json();
    expect(inbox).toMatchObject({ side: 'receiver', unread: true, status: { value: 'SBMT' } });
    expect(inbox.allowed_actions).toEqual(expect.arrayContaining(['accept', 'return', 'forward']));
    expect(inbox.allowed_actions).not.toContain('submit');

    const viewed = await p.specialist.api('POST', `/api/referrals/${draft.id}/view/`);
    expect(viewed.json()).toMatchObject({ status: { value: 'VWD', display: 'Under review' }, unread: false });
    const viewedAgain = await p.triageNurse.api('POST', `/api/referrals/${draft.id}/view/`);
    expect(viewedAgain.json().status.value).toBe('VWD');
    // The sender learns something changed.
    expect((await p.gp.api('GET', `/api/referrals/${draft.id}/`)).json().unread).toBe(true);

    const history = await p.gp.api('GET', `/api/referrals/${draft.id}/history/`);
    expect(history.json().map((h: { action: string; to_status: string }) => [h.action, h.to_status])).toEqual(
      [
        ['create', 'DRFT'],
        ['submit', 'SBMT'],
        ['view', 'VWD'],
      ],
    );
    expect(history.json()[2].actor.name).toContain('Hart');
  });

  it('submits a MANUAL draft to a receiver not listed once its details say who and how to reach them', async () => {
    const created = await p.gp.api('POST', '/api/referrals/', {
      type: 'MANUAL',
      patient: p.patient.id,
      referral_receiver_establishment_email: 'not-an-email',
    });
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    const refused = await p.gp.api('POST', `/api/referrals/${draft.id}/submit/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      referral_receiver_establishment_practice_name: REQUIRED,
      referral_receiver_establishment_email: ['Enter a valid email address.'],
    });

    const saved = await p.gp.api('PATCH', `/api/referrals/${draft.id}/`, {
      version: draft.version,
      referral_receiver_establishment_practice_name: 'Bondi Physiotherapy',
      referral_receiver_establishment_email: '',
      referral_receiver_establishment_phone1: '02 9130 0000',
      referral_receiver_establishment_state: 'NSW',
    });
    expect(saved.statusCode).toBe(200);
    const submitted = await p.gp.api('POST', `/api/referrals/${draft.id}/submit/`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      type: 'MANUAL',
      to_establishment: null,
      status: { value: 'SBMT' },
      referral_receiver_establishment_practice_name: 'Bondi Physiotherapy',
    });
  });

  it('hides a referral from outsiders and from colleagues without shared access (404, like a missing one)', async () => {
    const draft = (await draftFor()).json();
    await p.gp.api('POST', `/api/referrals/${draft.id}/submit/`);
    for (const who of [p.outsider, p.gpColleague, p.clinicColleague]) {
      expect((await who.api('GET', `/api/referrals/${draft.id}/`)).statusCode).toBe(404);
    }
    expect((await p.triageNurse.api('GET', `/api/referrals/${draft.id}/`)).statusCode).toBe(200);
    const unsent = (await draftFor()).json();
    expect((await p.specialist.api('GET', `/api/referrals/${unsent.id}/`)).statusCode).toBe(404);
    expect((await p.gp.api('GET', '/api/referrals/not-a-uuid/')).statusCode).toBe(404);
  });
});
