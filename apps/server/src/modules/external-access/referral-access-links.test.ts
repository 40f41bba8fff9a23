import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  LINK_REFRESH_REQUESTED,
  LINK_SENT,
  SESSION_NEEDED,
  VERIFY_FAILED,
  type ExternalAccessLink,
  type ExternalAccessSession,
  type ExternalOrigin,
} from '@referrals/domain/external-access/external-access-schemas';
import type { VerificationCode } from '@referrals/domain/referrals/verification-code';
import { auditLog } from '../../db/schema/audit-log.ts';
import { referralAccessLinks, referralAccessSessions } from '../../db/schema/external-access.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { linkIn, readMailbox } from '../../../test/mailbox.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import {
  externalReferral,
  issueLink,
  MAYA,
  PORTAL_SENDER,
  setReferral,
  verified,
  viaLink,
} from './access-test-setup.ts';

const LINK_PREFIX = 'http://referrals.test/referrals/external?access=';
const tokenIn = (url: string) => decodeURIComponent(url.slice(LINK_PREFIX.length));
const UNKNOWN = 'x'.repeat(43);

describe('access without an account: the link, its verification and what it shows (issue 26 item 3)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let ipCounter = 0;
  // Each test answers from its own address, so the per-address limit of one never reaches another.
  const freshIp = () => `203.0.113.${++ipCounter}`;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());

  const sessionsOf = (linkId: string) =>
    t.database.db.select().from(referralAccessSessions).where(eq(referralAccessSessions.link_id, linkId));
  const linkRow = async (linkId: string) =>
    (await t.database.db.select().from(referralAccessLinks).where(eq(referralAccessLinks.id, linkId)))[0];

  it('mails a link naming only the receiver, keeps only its hash and audits the issue', async () => {
    const referral = await externalReferral(t.database.db, p);
    const before = (await readMailbox(t.app)).length;
    const { linkId, token } = await issueLink(t, referral.id, 'sender', 'Ava.Reid@Bayside.example');
    const mail = (await readMailbox(t.app)).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe('ava.reid@bayside.example');
    expect(mail[0]?.subject).toBe('Your referral to Northside Cardiology');
    expect(tokenIn(linkIn(mail[0], LINK_PREFIX))).toBe(token);
    for (const secret of [MAYA.first_name, MAYA.last_name, 'Chest pain']) {
      expect(mail[0]?.text).not.toContain(secret);
      expect(mail[0]?.html).not.toContain(secret);
    }
    const row = await linkRow(linkId);
    expect(row?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, referral.id), eq(auditLog.action, 'referral.access-link.issue')));
    expect(audit).toMatchObject({
      patient_id: referral.patient_id,
      detail: { audience: 'sender', link_id: linkId },
    });
  });

  it('says how to verify without showing the referral, and answers a wrong and a missing token alike', async () => {
    const referral = await externalReferral(t.database.db, p);
    const { token } = await issueLink(t, referral.id, 'patient');
    const shown = await viaLink(t.app, { token });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<ExternalAccessLink>()).toMatchObject({
      verify_with: ['patient_details'],
      referral: null,
    });
    expect(shown.body).not.toContain(MAYA.last_name);

    const missing = await viaLink(t.app, {});
    expect([missing.statusCode, missing.json()]).toEqual([404, { detail: 'Not found.' }]);
    const ip = freshIp();
    for (const request of [
      { token: UNKNOWN },
      { token: token.slice(0, -1) },
      { token: `${token}${'a'.repeat(500)}` },
      { token: '' },
      { token: UNKNOWN, method: 'POST' as const, body: MAYA, ip },
      { token: UNKNOWN, query: 'pdf=true', session: 'a-session' },
      { token: UNKNOWN, path: '/api/public/referrals/consent/' },
      { token: UNKNOWN, path: '/api/reports/external/' },
    ]) {
      const res = await viaLink(t.app, request);
      expect([res.statusCode, res.body, res.headers['content-type']], JSON.stringify(request)).toEqual([
        missing.statusCode,
        missing.body,
        missing.headers['content-type'],
      ]);
    }
  });

  it('opens with the patient’s details in any case and spacing, a session and the referral as shown, audited', async () => {
    const referral = await externalReferral(t.database.db, p);
    const { linkId, token } = await issueLink(t, referral.id, 'patient');
    const answer = { last_name: '  nguyen ', dob: MAYA.dob, first_name: 'MAYA' };
    const res = await viaLink(t.app, { method: 'POST', token, body: answer, ip: freshIp() });
    expect(res.statusCode).toBe(200);
    const opened = res.json<ExternalAccessSession>();
    expect(opened.session).toMatch(/^[\w-]{43}$/);
    expect(new Date(opened.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(opened.referral).toMatchObject({
      id: referral.id,
      audience: 'patient',
      status: { value: 'SBMT', display: 'Sent' },
      type: { value: 'EXTERNAL', display: 'External' },
      receiver: 'Northside Cardiology',
      patient_name: 'Maya Nguyen',
      // Hidden from the patient by default (section 3: hide_referrer_contact).
      referrer: { name: 'Dr Ava Reid', practice: 'Bayside Clinic', email: null, phone: null },
      appointment: null,
      history: [{ status: { value: 'SBMT', display: 'Sent' } }],
      attachments: [],
      reports: [],
      letter_available: false,
      consent: { asked: true, signed_copy_uploaded: false },
    });
    expect(await sessionsOf(linkId)).toHaveLength(1);
    const again = await viaLink(t.app, { token, session: opened.session });
    expect(again.json<ExternalAccessLink>().referral?.id).toBe(referral.id);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource_id, referral.id))
      .orderBy(auditLog.occurred_at);
    const throughLink = audits.filter(
      (row) => (row.detail as { link_id?: string } | null)?.link_id === linkId,
    );
    expect(throughLink.map((row) => row.action)).toEqual([
      'referral.access-link.issue',
      'referral.access.verify',
      'referral.read',
      'referral.read',
    ]);
    for (const row of throughLink.slice(1)) {
      expect(row).toMatchObject({
        actor_id: null,
        establishment_id: p.clinic.id,
        patient_id: referral.patient_id,
        detail: { audience: 'patient' },
      });
    }
  });

  it('answers any wrong answer with one 400 and no session; after 20 the right answer is refused too', async () => {
    const referral = await externalReferral(t.database.db, p);
    const { linkId, token } = await issueLink(t, referral.id, 'patient');
    const ip = freshIp();
    const wrongs = [
      { ...MAYA, dob: '1990-04-13' },
      { ...MAYA, first_name: 'Mia' },
      { ...MAYA, last_name: 'Nguyenn' },
      { submitted_at: '2026-11-01', code: '123456' },
    ];
    for (let i = 0; i < 20; i += 1) {
      const res = await viaLink(t.app, { method: 'POST', token, body: wrongs[i % wrongs.length], ip });
      expect([res.statusCode, res.json()], `answer ${i + 1}`).toEqual([400, { detail: VERIFY_FAILED }]);
    }
    expect(await sessionsOf(linkId)).toEqual([]);
    expect(await linkRow(linkId)).toMatchObject({ wrong_answers: 20, locked_at: expect.any(Date) });
    const right = await viaLink(t.app, { method: 'POST', token, body: MAYA, ip });
    expect([right.statusCode, right.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect((await viaLink(t.app, { token })).statusCode).toBe(404);
    expect(await sessionsOf(linkId)).toEqual([]);
    const denied = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, referral.id), eq(auditLog.outcome, 'denied')));
    expect(denied).toHaveLength(20);
    expect(denied.at(-1)?.detail).toMatchObject({ wrong_answers: 20, locked: true });
  });

  it('counts wrong answers sent at once one by one: twenty 400s, then the link is gone', async () => {
    const referral = await externalReferral(t.database.db, p);
    const { linkId, token } = await issueLink(t, referral.id, 'patient');
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        viaLink(t.app, { method: 'POST', token, body: { ...MAYA, dob: '2000-01-01' }, ip }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(20).fill(400), ...Array<number>(5).fill(404)]);
    expect((await linkRow(linkId))?.wrong_answers).toBe(20);
  });

  it('takes 30 answers an hour from one address, whatever the token', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      expect((await viaLink(t.app, { method: 'POST', token: UNKNOWN, body: MAYA, ip })).statusCode).toBe(404);
    }
    const throttled = await viaLink(t.app, { method: 'POST', token: UNKNOWN, body: MAYA, ip });
    expect([throttled.statusCode, throttled.json()]).toEqual([429, { detail: 'Request was throttled.' }]);
    expect(
      (await viaLink(t.app, { method: 'POST', token: UNKNOWN, body: MAYA, ip: freshIp() })).statusCode,
    ).toBe(404);
  });

  it('opens one referral per token: another referral’s details fail, and a session goes with its own link', async () => {
    const mine = await externalReferral(t.database.db, p);
    const other = await externalReferral(t.database.db, p, {
      first_name: 'Tom',
      last_name: 'Ellis',
      dob: '1971-09-30',
    });
    const { token } = await issueLink(t, mine.id, 'patient');
    const { token: otherToken } = await issueLink(t, other.id, 'patient');
    const wrong = await viaLink(t.app, {
      method: 'POST',
      token,
      body: { first_name: 'Tom', last_name: 'Ellis', dob: '1971-09-30' },
      ip: freshIp(),
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { detail: VERIFY_FAILED }]);
    const { session } = await verified(t.app, token, MAYA, freshIp());
    for (const query of ['pdf=true', '']) {
      const res = await viaLink(t.app, { token: otherToken, session, query });
      expect(res.body).not.toContain('Ellis');
      expect(res.statusCode === 401 || res.json<ExternalAccessLink>().referral === null).toBe(true);
    }
    const res = await viaLink(t.app, { token: otherToken, session, path: '/api/reports/external/' });
    expect([res.statusCode, res.json()]).toEqual([401, { detail: SESSION_NEEDED }]);
  });

  it('opens with the submitted date and the verification code the sender reads out', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'ACPT' });
    const { token } = await issueLink(t, referral.id, 'patient', 'olivia@mail.example');
    expect((await viaLink(t.app, { token })).json<ExternalAccessLink>().verify_with).toEqual([
      'patient_details',
    ]);
    const { code } = (
      await p.gp.api('GET', `/api/referrals/${referral.id}/verification-code/`)
    ).json<VerificationCode>();
    expect((await viaLink(t.app, { token })).json<ExternalAccessLink>().verify_with).toEqual([
      'patient_details',
      'submitted_at_code',
    ]);
    const ip = freshIp();
    // insertReferral submits at 2026-11-01 10:00 UTC: 1 Nov in Perth and in Sydney.
    const wrongDay = await viaLink(t.app, {
      method: 'POST',
      token,
      body: { submitted_at: '2026-10-31', code },
      ip,
    });
    expect(wrongDay.statusCode).toBe(400);
    const opened = await viaLink(t.app, {
      method: 'POST',
      token,
      body: { submitted_at: '2026-11-01', code },
      ip,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<ExternalAccessSession>().referral).toMatchObject({
      status: { value: 'ACPT', display: 'Accepted' },
      referrer: { name: 'Dr Grace Palmer', practice: 'Harbour Family Practice' },
    });
    const badFormat = await viaLink(t.app, {
      method: 'POST',
      token,
      body: { submitted_at: '2026-11-01' },
      ip,
    });
    expect([badFormat.statusCode, badFormat.json()]).toEqual([400, { code: ['This field is required.'] }]);
  });

  it('stops at expiry like a missing link; refresh-access mails a new one to the same address, saying the same for any token', async () => {
    const referral = await externalReferral(t.database.db, p);
    const { linkId, token } = await issueLink(t, referral.id, 'sender', PORTAL_SENDER.email ?? '');
    const refresh = (tokenAsked: string) =>
      viaLink(t.app, { token: tokenAsked, path: '/api/referrals/external/refresh-access/' });
    const mailsBefore = (await readMailbox(t.app)).length;
    // A working link is not renewed: the sender already holds one.
    const early = await refresh(token);
    expect([early.statusCode, early.json()]).toEqual([202, { detail: LINK_REFRESH_REQUESTED }]);
    expect(await readMailbox(t.app)).toHaveLength(mailsBefore);

    await t.database.db
      .update(referralAccessLinks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(referralAccessLinks.id, linkId));
    const missing = await viaLink(t.app, { token: UNKNOWN });
    const expired = await viaLink(t.app, { token });
    expect([expired.statusCode, expired.body]).toEqual([missing.statusCode, missing.body]);
    const answered = await viaLink(t.app, { method: 'POST', token, body: MAYA, ip: freshIp() });
    expect([answered.statusCode, answered.body]).toEqual([missing.statusCode, missing.body]);

    for (const asked of [token, UNKNOWN, '']) {
      const res = await refresh(asked);
      expect([res.statusCode, res.body]).toEqual([early.statusCode, early.body]);
    }
    const mails = (await readMailbox(t.app)).slice(mailsBefore);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [PORTAL_SENDER.email, 'Your referral to Northside Cardiology'],
    ]);
    const renewed = tokenIn(linkIn(mails[0], LINK_PREFIX));
    const opened = await verified(t.app, renewed, MAYA, freshIp());
    expect(opened.referral.audience).toBe('sender');
    // The reports page renews the same way; three new links an hour to one address, then silence.
    for (let i = 0; i < 3; i += 1) {
      const res = await viaLink(t.app, { token, path: '/api/reports/external/refresh-access/' });
      expect(res.body).toBe(early.body);
    }
    expect((await readMailbox(t.app)).slice(mailsBefore)).toHaveLength(3);
  });

  it('asks for the details again once a session runs out', async () => {
    const referral = await externalReferral(t.database.db, p);
    const { linkId, token } = await issueLink(t, referral.id, 'patient');
    const { session } = await verified(t.app, token, MAYA, freshIp());
    await t.database.db
      .update(referralAccessSessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(referralAccessSessions.link_id, linkId));
    expect((await viaLink(t.app, { token, session })).json<ExternalAccessLink>().referral).toBeNull();
    for (const path of ['/api/public/referrals/consent/', '/api/reports/external/']) {
      const res = await viaLink(t.app, { token, session, path });
      expect([res.statusCode, res.json()]).toEqual([401, { detail: SESSION_NEEDED }]);
    }
  });

  it('shows the sender what a referrer sees and the patient’s side what the receiver shows the patient', async () => {
    const referral = await externalReferral(t.database.db, p);
    await setReferral(t.database.db, referral.id, {
      status: 'SCHDL',
      appointment_date: new Date('2026-12-01T09:30:00+11:00'),
      appointment_location: 'Room 4',
      show_appointment_details: false,
    });
    const report = async (recipients: object[], submit = true) => {
      const made = await p.specialist.api('POST', `/api/referrals/${referral.id}/reports/`, {
        title: `To ${JSON.stringify(recipients)}`,
        report_body: '<p>Echo normal.</p>',
        recipients,
      });
      const { id } = made.json<{ id: string }>();
      if (submit) await p.specialist.api('POST', `/api/referrals/${referral.id}/reports/${id}/submit/`);
      return id;
    };
    const toReferrer = await report([{ type: 'referrer' }]);
    const toPatient = await report([{ type: 'referrer' }, { type: 'patient' }]);
    await report([{ type: 'patient' }], false);

    const sender = await verified(t.app, (await issueLink(t, referral.id, 'sender')).token, MAYA, freshIp());
    expect(sender.referral).toMatchObject({
      status: { value: 'SCHDL', display: 'Scheduled' },
      referrer: { email: PORTAL_SENDER.email, phone: PORTAL_SENDER.phone },
      appointment: { date: '2026-11-30T22:30:00.000Z', location: 'Room 4' },
      letter_available: true,
    });
    expect(sender.referral.reports.map((r) => r.id)).toEqual([toReferrer, toPatient]);

    const patient = await verified(
      t.app,
      (await issueLink(t, referral.id, 'patient')).token,
      MAYA,
      freshIp(),
    );
    expect(patient.referral).toMatchObject({
      status: { value: 'SCHDL', display: 'Appointment booked' },
      referrer: { email: null, phone: null },
      appointment: null,
    });
    expect(patient.referral.reports.map((r) => r.id)).toEqual([toPatient]);

    const shared = await issueLink(t, referral.id, 'shared');
    await setReferral(t.database.db, referral.id, {
      show_appointment_details: true,
      hide_referrer_contact_from_patient: false,
    });
    const reader = await verified(t.app, shared.token, MAYA, freshIp());
    expect(reader.referral).toMatchObject({
      audience: 'shared',
      appointment: { location: 'Room 4' },
      referrer: { email: PORTAL_SENDER.email },
      letter_available: true,
    });
  });

  it('shares: a session sends someone a link of their own, three an hour to one address', async () => {
    const referral = await externalReferral(t.database.db, p);
    const { token } = await issueLink(t, referral.id, 'patient');
    const share = (session?: string, email = 'carer@mail.example') =>
      viaLink(t.app, {
        method: 'POST',
        path: '/api/referrals/external/share/',
        token,
        session,
        body: { email },
      });
    const before = (await readMailbox(t.app)).length;
    const noSession = await share();
    expect([noSession.statusCode, noSession.json()]).toEqual([401, { detail: SESSION_NEEDED }]);
    const { session } = await verified(t.app, token, MAYA, freshIp());
    const badAddress = await share(session, 'not-an-address');
    expect([badAddress.statusCode, Object.keys(badAddress.json<object>())]).toEqual([400, ['email']]);
    const sent = await share(session, 'Carer@Mail.example');
    expect([sent.statusCode, sent.json()]).toEqual([202, { detail: LINK_SENT }]);
    const [mail] = (await readMailbox(t.app)).slice(before);
    expect([mail?.to, mail?.subject]).toEqual([
      'carer@mail.example',
      'A referral to Northside Cardiology was shared with you',
    ]);
    const opened = await verified(t.app, tokenIn(linkIn(mail, LINK_PREFIX)), MAYA, freshIp());
    expect(opened.referral.audience).toBe('shared');

    expect((await share(session)).statusCode).toBe(202);
    expect((await share(session)).statusCode).toBe(202);
    const fourth = await share(session);
    expect([fourth.statusCode, fourth.json()]).toEqual([429, { detail: 'Request was throttled.' }]);
    expect((await readMailbox(t.app)).slice(before)).toHaveLength(3);
  });

  it('takes a signed-in reader from a link to the referral in the app only when they may see it', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    const { token } = await issueLink(t, referral.id, 'sender', p.gp.user.email);
    const origin = (who: typeof p.gp, tokenAsked: string) =>
      who.api('GET', `/api/referrals/external-origin/?token=${encodeURIComponent(tokenAsked)}`);
    const mine = await origin(p.gp, token);
    expect([mine.statusCode, mine.json<ExternalOrigin>()]).toEqual([200, { referral: { id: referral.id } }]);
    expect((await origin(p.specialist, token)).json<ExternalOrigin>().referral.id).toBe(referral.id);
    const outsider = await origin(p.outsider, token);
    const unknown = await origin(p.gp, UNKNOWN);
    expect([outsider.statusCode, outsider.body]).toEqual([404, unknown.body]);
    expect(unknown.statusCode).toBe(404);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `/api/referrals/external-origin/?token=${token}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
