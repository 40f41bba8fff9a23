import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  caseConferenceEvents,
  caseConferenceParticipants,
  caseConferences,
} from '../schema/case-conferences.ts';
import { employments, users } from '../schema/people.ts';
import { establishments } from '../schema/establishments.ts';
import { patients } from '../schema/patients.ts';
import { referrals } from '../schema/referrals.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { isDatabaseEmpty, seedDemoData } from './demo-seed.ts';

describe('the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    expect(await isDatabaseEmpty(t.database.db)).toBe(true);
    await seedDemoData(t.database.db, { demoPassword: 'demo-password-for-tests' });
  });
  afterAll(() => t.app.close());

  it('creates a general practice, a clinic, a hospital with departments and a personal space', async () => {
    const rows = await t.database.db.select().from(establishments).orderBy(asc(establishments.name));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['PR', 'CL', 'HL', 'DT', 'PA']));
    const hospital = rows.find((r) => r.name === 'Royal Eastern Hospital');
    const departments = rows.filter((r) => r.hospital_id === hospital?.id).map((r) => r.name);
    expect(departments).toEqual(expect.arrayContaining(['Cardiology', 'Mental Health']));
    const ordering = rows.filter((r) => r.digital_ordering).map((r) => r.name);
    expect(ordering).toEqual(['Hospital in the Home']);
    expect(await isDatabaseEmpty(t.database.db)).toBe(false);
  });

  it('lets the demo clinic take referrals mailed by the demo practice and a fax service (npm run mail:sample)', async () => {
    const [clinic] = await t.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.slug, 'north-shore-heart-clinic'));
    expect(clinic?.intake_sender_domains).toEqual(['harbourside.example', 'faxmail.example']);
  });

  it('publishes the demo clinic’s referral portal for both sender types, with its referral form', async () => {
    const portal = await t.app.inject({
      method: 'GET',
      url: '/api/public/establishments/?slug=north-shore-heart-clinic',
    });
    expect(portal.statusCode).toBe(200);
    const { establishment, branding, sender_types } = portal.json();
    expect(establishment.name).toBe('North Shore Heart Clinic');
    expect(branding).toMatchObject({ colour: '#0b7285', intro: expect.stringMatching(/\S/) });
    expect(sender_types).toEqual(['PATIENT', 'PROVIDER']);
    const forms = await t.app.inject({
      method: 'GET',
      url: `/api/public/establishments/${String(establishment.id)}/form-templates/`,
    });
    expect(forms.json().map((form: { name: string }) => form.name)).toEqual(['cardiology_referral']);
  });

  it('has every documented demo account, each with a place to work, a patient record or the platform to run', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await t.database.db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      const jobs = await t.database.db
        .select()
        .from(employments)
        .where(eq(employments.user_id, user?.id ?? ''));
      const records = await t.database.db
        .select()
        .from(patients)
        .where(eq(patients.user_id, user?.id ?? ''));
      const administers = user?.is_platform_admin ? 1 : 0;
      expect(jobs.length + records.length + administers, account.email).toBeGreaterThan(0);
    }
    const [pm] = await t.database.db
      .select({ holder: employments.is_account_holder })
      .from(employments)
      .innerJoin(users, eq(users.id, employments.user_id))
      .where(eq(users.email, 'pm@demo.test'));
    expect(pm?.holder).toBe(true);
    const admins = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.is_platform_admin, true));
    expect(admins).toEqual([{ email: 'admin@demo.test' }]);
  });

  it('staffs the practice and the clinic with every role, and leaves a join request to answer', async () => {
    const rows = await t.database.db
      .select({ place: establishments.name, role: users.role, status: employments.status })
      .from(employments)
      .innerJoin(users, eq(users.id, employments.user_id))
      .innerJoin(establishments, eq(establishments.id, employments.establishment_id));
    for (const place of ['Harbourside Family Medical Practice', 'North Shore Heart Clinic']) {
      const roles = rows.filter((r) => r.place === place && r.status === 'APPROVED').map((r) => r.role);
      expect(new Set(roles), place).toEqual(new Set(['GP', 'GPP', 'SP', 'SPT', 'PA', 'PM']));
    }
    expect(rows.filter((r) => r.status === 'REQUESTED').map((r) => r.place)).toEqual([
      'Harbourside Family Medical Practice',
    ]);
  });

  it('spreads referrals over the states a receiver works through, with drafts kept out of the sent ones', async () => {
    const rows = await t.database.db.select().from(referrals);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['DRFT', 'SBMT', 'VWD', 'ACPT', 'SCHDL', 'WLST', 'RTRN']),
    );
    for (const r of rows)
      expect(r.submitted_at === null, `${r.status} submitted_at`).toBe(r.status === 'DRFT');
    expect(rows.some((r) => r.type === 'MANUAL')).toBe(true);
  });

  it('has a case conference under way on a scheduled referral to the clinic, its answer unread for the GP', async () => {
    const [conference] = await t.database.db.select().from(caseConferences);
    expect(conference?.status).toBe('active');
    const [referral] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, conference?.referral_id ?? ''));
    expect(referral?.status).toBe('SCHDL');
    const events = await t.database.db
      .select()
      .from(caseConferenceEvents)
      .where(eq(caseConferenceEvents.conference_id, conference?.id ?? ''))
      .orderBy(asc(caseConferenceEvents.id));
    expect(events.map((e) => e.kind)).toEqual(['participant_invited', 'message', 'message']);
    const marks = await t.database.db
      .select()
      .from(caseConferenceParticipants)
      .where(eq(caseConferenceParticipants.conference_id, conference?.id ?? ''));
    const gp = marks.find((m) => m.side === 'sender');
    // The GP has read her own question, not the specialist's answer after it.
    expect(gp?.last_read_event_id).toBe(events[1]?.id);
    expect(marks.find((m) => m.side === 'receiver')?.last_read_event_id).toBe(events[2]?.id);
  });

  it('gives patients valid-looking Australian details', async () => {
    const rows = await t.database.db.select().from(patients);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const p of rows) {
      expect(p.pub_insurance_details).toMatch(/^[2-6]\d{9}$/);
      expect(p.postcode).toMatch(/^\d{4}$/);
      expect(p.dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('gives Cardiology half a year of archived history for its waiting times, triaged after submission', async () => {
    const [cardiology] = await t.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.name, 'Cardiology'));
    const rows = await t.database.db
      .select()
      .from(referrals)
      .where(
        and(eq(referrals.to_establishment_id, cardiology?.id ?? ''), eq(referrals.receiver_archived, true)),
      );
    expect(rows.length).toBeGreaterThanOrEqual(26 * 5);
    expect(rows.every((row) => row.sender_archived)).toBe(true);
    const seen = rows.filter((row) => row.status === 'SCHDL');
    expect(seen.length).toBeGreaterThan(20);
    for (const row of seen) {
      expect(row.triaged_at?.getTime()).toBeGreaterThan(row.submitted_at?.getTime() ?? Infinity);
      expect(row.appointment_date?.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });
});
