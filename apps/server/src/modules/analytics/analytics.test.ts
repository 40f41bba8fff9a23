import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ANALYTICS_RANGE_ORDER_MESSAGE,
  type Analytics,
  type AnalyticsQuery,
} from '@referrals/domain/analytics/waiting-times';
import { createEstablishment, createReferral, type Establishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { healthNetworks } from '../../db/schema/portals.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { loadCaller } from '../tenancy/caller.ts';
import { establishmentSubject, NOT_A_UNIT_MESSAGE, readAnalytics } from './read-analytics.ts';

const DAY = 86_400_000;
/** The controlled clock: every "now" figure is read at this instant (Thursday 25 June 2026, 10 am Sydney). */
const NOW = new Date('2026-06-25T00:00:00Z');
const RANGE = { from: '2026-06-01', to: '2026-06-28' };
const at = (iso: string) => new Date(iso);
const before = (ms: number, days: number) => new Date(ms - days * DAY);
const after = (ms: number, days: number) => new Date(ms + days * DAY);

/**
 * Waiting times and volumes (docs/analytics.md): referrals with known timestamps in departments of their
 * own, each figure checked exactly (the percentiles by linear interpolation), small cells suppressed, and
 * who may read it.
 */
describe('analytics', () => {
  let t: TestApp;
  let hospital: Establishment;
  let cardiology: Establishment;
  let renal: Establishment;
  let dermatology: Establishment;
  let harbour: Establishment;
  let hill: Establishment;
  let holder: Person;
  let manager: Person;
  let head: Person;
  let cardiologist: Person;
  let gp: Person;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    hospital = await createEstablishment(db, { name: 'Eastern Analytics Hospital', type: 'HL' });
    const department = (name: string) =>
      createEstablishment(db, { name, type: 'DT', hospital_id: hospital.id });
    cardiology = await department('Cardiology');
    renal = await department('Renal Medicine');
    dermatology = await department('Dermatology');
    harbour = await createEstablishment(db, { name: 'Harbour Analytics Practice', type: 'PR' });
    hill = await createEstablishment(db, { name: 'Hill Analytics Surgery', type: 'PR' });
    const person = (where: Establishment, employment: object, role: string) =>
      signedInPerson(t.app, db, { at: where.id, employment, user: { role } });
    holder = await person(hospital, { is_account_holder: true }, 'SP');
    manager = await person(hospital, {}, 'PM');
    head = await person(cardiology, { is_head_of_department: true }, 'SP');
    cardiologist = await person(cardiology, { permissions: ['accept_referral'] }, 'SP');
    gp = await person(harbour, { is_account_holder: false }, 'GP');

    const make = (to: Establishment, overrides: Parameters<typeof createReferral>[1]) =>
      createReferral(db, {
        from_establishment_id: harbour.id,
        to_establishment_id: to.id,
        status: 'SBMT',
        ...overrides,
      });

    // Cardiology, days to triage: Category 1 triaged after 1, 2, 3, 4, 5 and 10 days (scheduled for August,
    // so neither seen nor waiting), Category 2 three (too few to show).
    const triageStart = Date.parse('2026-06-02T00:00:00Z');
    for (const days of [1, 2, 3, 4, 5, 10]) {
      await make(cardiology, {
        status: 'SCHDL',
        triage_category: 'CAT1',
        submitted_at: new Date(triageStart),
        triaged_at: after(triageStart, days),
        appointment_date: at('2026-08-01T00:00:00Z'),
      });
    }
    for (const days of [1, 2, 3]) {
      await make(cardiology, {
        status: 'SCHDL',
        triage_category: 'CAT2',
        submitted_at: new Date(triageStart),
        triaged_at: after(triageStart, days),
        appointment_date: at('2026-08-01T00:00:00Z'),
      });
    }
    // Seen on 20 June after waits of 10 to 40 days: those of 30 days or less within Category 1's 30 days,
    // the one of exactly 30 on its last moment. One seen tomorrow (in the range, after now) is not seen yet.
    const seenOn = Date.parse('2026-06-20T00:00:00Z');
    for (const days of [10, 15, 20, 25, 30, 35, 40]) {
      await make(cardiology, {
        status: 'SCHDL',
        triage_category: 'CAT1',
        submitted_at: before(seenOn, days),
        appointment_date: new Date(seenOn),
      });
    }
    await make(cardiology, {
      status: 'SCHDL',
      triage_category: 'CAT1',
      submitted_at: before(NOW.getTime(), 5),
      appointment_date: after(NOW.getTime(), 1),
    });
    // Waiting now: five awaiting triage (1 to 5 days), seven on Category 1's waitlist (five past 30 days)
    // and two on Category 3's (too few to show).
    for (const [days, status] of [
      [1, 'SBMT'],
      [2, 'VWD'],
      [3, 'UPDT'],
      [4, 'SBMT'],
      [5, 'SBMT'],
    ] as const) {
      await make(cardiology, { status, submitted_at: before(NOW.getTime(), days) });
    }
    for (const days of [10, 29, 31, 40, 50, 60, 70]) {
      await make(cardiology, {
        status: days % 20 === 0 ? 'WLST' : 'ACPT',
        triage_category: 'CAT1',
        submitted_at: before(NOW.getTime(), days),
      });
    }
    for (const days of [100, 200]) {
      await make(cardiology, {
        status: 'WLST',
        triage_category: 'CAT3',
        submitted_at: before(NOW.getTime(), days),
      });
    }

    // Renal Medicine, volumes: received 5 in the week of 1 June, none the next, 7 in the week of 15 June
    // and 2 in the week of 22 June (too few to show); one on 31 May (before the range). It sent 5 to Hill.
    // Monday 1 June 00:30 in Sydney is still 31 May in UTC: the week is Sydney's.
    const received: [string, number][] = [
      ['2026-05-31T14:30:00Z', 5],
      ['2026-06-16T01:00:00Z', 7],
      ['2026-06-22T03:00:00Z', 2],
      ['2026-05-30T01:00:00Z', 1],
    ];
    for (const [when, count] of received) {
      for (let i = 0; i < count; i++) await make(renal, { submitted_at: at(when) });
    }
    for (let i = 0; i < 5; i++) {
      await createReferral(db, {
        from_establishment_id: renal.id,
        to_establishment_id: hill.id,
        status: 'SBMT',
        submitted_at: at('2026-06-17T01:00:00Z'),
      });
    }

    // Dermatology, outcomes: ten received in the range, five returned for insufficient information, two
    // forwarded (too few to show), three scheduled; seven from Harbour and three from Hill.
    const outcome = at('2026-06-10T01:00:00Z');
    for (let i = 0; i < 5; i++) {
      await make(dermatology, {
        status: 'RTRN',
        return_reason: 'INSUFFICIENT_INFORMATION',
        submitted_at: outcome,
      });
    }
    for (let i = 0; i < 2; i++) {
      await make(dermatology, { status: 'FWRD', forwarded_reason: 'CLOSER_TO_HOME', submitted_at: outcome });
    }
    for (let i = 0; i < 3; i++) {
      await make(dermatology, {
        status: 'SCHDL',
        from_establishment_id: hill.id,
        appointment_date: at('2026-09-01T00:00:00Z'),
        submitted_at: outcome,
      });
    }
  });
  afterAll(() => t.app.close());

  async function read(person: Person, query: Partial<AnalyticsQuery> = {}): Promise<Analytics> {
    const db = t.database.db;
    const current = (await loadCaller(db, person.user.id, t.config.flags))?.current?.establishment;
    if (!current) throw new Error('no current establishment');
    // No actor: the audit rows the test counts are its HTTP calls'.
    const actor = { actorId: null, establishmentId: null, ip: null, requestId: null };
    const figures = await readAnalytics({
      db,
      actor,
      query: { ...RANGE, ...query },
      subject: (tx) => establishmentSubject(tx, current),
      now: NOW,
    });
    if (!figures) throw new Error('no figures');
    return figures;
  }

  it('measures the days to triage per category, median and 90th percentile, hiding a category of three', async () => {
    const figures = await read(holder, { unit: cardiology.id });
    const [cat1, cat2, cat3] = figures.waits;
    expect(cat1?.triage).toEqual({ count: 6, median_days: 3.5, p90_days: 7.5 });
    expect(cat2?.triage).toEqual({ count: null, median_days: null, p90_days: null });
    expect(cat3?.triage).toEqual({ count: 0, median_days: null, p90_days: null });
    expect(figures.waits.map((wait) => wait.recommended_days)).toEqual([30, 90, 365]);
  });

  it('measures the days to the appointment of those seen, and the share seen within the recommended time', async () => {
    const figures = await read(holder, { unit: cardiology.id });
    expect(figures.waits[0]?.appointment).toEqual({
      count: 7,
      median_days: 25,
      p90_days: 37,
      within_count: 5,
      within_share: 5 / 7,
    });
  });

  it('counts who waits now by stage, with the median and the oldest wait and the overdue ones', async () => {
    const figures = await read(holder, { unit: cardiology.id });
    const stage = (name: string) => figures.waitlist.find((row) => row.stage === name);
    expect(stage('awaiting_triage')).toEqual({
      stage: 'awaiting_triage',
      count: 5,
      median_days: 3,
      oldest_days: 5,
      overdue: null,
    });
    expect(stage('CAT1')).toEqual({ stage: 'CAT1', count: 7, median_days: 40, oldest_days: 70, overdue: 5 });
    expect(stage('CAT3')).toEqual({
      stage: 'CAT3',
      count: null,
      median_days: null,
      oldest_days: null,
      overdue: null,
    });
    expect(stage('CAT2')?.count).toBe(0);
  });

  it('counts each Sydney week of the range, zeros shown and a week of two hidden', async () => {
    const figures = await read(holder, { unit: renal.id });
    expect(figures.weekly).toEqual([
      { week_start: '2026-06-01', received: 5, sent: 0 },
      { week_start: '2026-06-08', received: 0, sent: 0 },
      { week_start: '2026-06-15', received: 7, sent: 5 },
      { week_start: '2026-06-22', received: null, sent: 0 },
    ]);
    expect(figures.top_receivers).toEqual([{ id: hill.id, name: hill.name, count: 5 }]);
  });

  it('gives the returned, recalled and forwarded rates with their reasons, and the top referrers', async () => {
    const figures = await read(holder, { unit: dermatology.id });
    expect(figures.outcomes).toEqual({
      received: 10,
      returned: {
        count: 5,
        rate: 0.5,
        reasons: [{ reason: 'INSUFFICIENT_INFORMATION', display: 'Insufficient information', count: 5 }],
      },
      recalled: { count: 0, rate: 0, reasons: [] },
      forwarded: {
        count: null,
        rate: null,
        reasons: [{ reason: 'CLOSER_TO_HOME', display: "Closer to the patient's home", count: null }],
      },
    });
    expect(figures.top_referrers).toEqual([
      { id: harbour.id, name: harbour.name, count: 7 },
      { id: hill.id, name: hill.name, count: null },
    ]);
  });

  it('narrows by triage category and referrer, and reads the whole hospital without a department', async () => {
    const hospitalWide = await read(manager);
    expect(hospitalWide.units.map((d) => d.name)).toEqual(['Cardiology', 'Dermatology', 'Renal Medicine']);
    // Submitted in the range: Cardiology 18 (9 triaged, 2 seen, 1 seen tomorrow, 5 awaiting, 1 waitlisted),
    // Renal Medicine 14, Dermatology 10.
    expect(hospitalWide.outcomes.received).toBe(42);
    const fromHill = await read(manager, { referrer: hill.id });
    expect(fromHill.outcomes.received).toBe(null);
    expect(fromHill.top_referrers.map((row) => row.id)).toEqual([harbour.id, hill.id]);
    const cat2 = await read(manager, { unit: cardiology.id, triage_category: 'CAT2' });
    expect(cat2.waits[0]?.triage.count).toBe(0);
    expect(cat2.waitlist.find((row) => row.stage === 'CAT1')?.count).toBe(0);
  });

  it('shows a department head their department alone', async () => {
    const figures = await read(head);
    expect(figures.scope).toEqual({ kind: 'establishment', id: cardiology.id, name: 'Cardiology' });
    expect(figures.units).toEqual([]);
    expect(figures.waits[0]?.triage.count).toBe(6);
  });

  it('answers the account holder, a practice manager and a head of department; others get 403', async () => {
    const url = `/api/analytics/?from=${RANGE.from}&to=${RANGE.to}`;
    for (const reader of [holder, manager, head]) {
      const res = await reader.api('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Analytics>().weekly).toHaveLength(4);
    }
    expect((await cardiologist.api('GET', url)).statusCode).toBe(403);
    expect((await gp.api('GET', url)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, head.user.id), eq(auditLog.action, 'analytics.read')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.resource_id).toBe(cardiology.id);
  });

  it('refuses a backwards range, another hospital’s department and a department to its head', async () => {
    const backwards = await holder.api('GET', '/api/analytics/?from=2026-06-28&to=2026-06-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ to: [ANALYTICS_RANGE_ORDER_MESSAGE] });
    const other = await createEstablishment(t.database.db, { name: 'Elsewhere', type: 'DT' });
    const url = `/api/analytics/?from=${RANGE.from}&to=${RANGE.to}&unit=`;
    const elsewhere = await holder.api('GET', url + other.id);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ unit: [NOT_A_UNIT_MESSAGE] });
    expect((await head.api('GET', url + renal.id)).statusCode).toBe(400);
    expect((await holder.api('GET', '/api/analytics/?from=2020-01-01&to=2026-06-01')).statusCode).toBe(400);
  });

  it('gives the platform’s administrators a network’s figures over the services that share them', async () => {
    const db = t.database.db;
    const code = `EAN${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
    const [network] = await db
      .insert(healthNetworks)
      .values({ code, name: 'Eastern Analytics Network', slug: `eastern-analytics-${code.toLowerCase()}` })
      .returning();
    if (!network) throw new Error('no network');
    // The hospital shares (its departments with it); Hill, in the network too, does not.
    await db
      .update(establishments)
      .set({ health_organisation_network: code, shares_waiting_times: true })
      .where(eq(establishments.id, hospital.id));
    await db
      .update(establishments)
      .set({ health_organisation_network: code })
      .where(eq(establishments.id, hill.id));
    const admin = await signedInPerson(t.app, db, { user: { is_platform_admin: true } });
    const url = (query = '') =>
      `/api/platform/health-networks/${network.id}/analytics/?from=${RANGE.from}&to=${RANGE.to}${query}`;
    const res = await admin.api('GET', url());
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json<Analytics>();
    expect(figures.scope).toEqual({ kind: 'network', id: network.id, name: 'Eastern Analytics Network' });
    expect(figures.units).toEqual([{ id: hospital.id, name: hospital.name }]);
    expect(figures.outcomes.received).toBe(42);
    // Hill's five from Renal Medicine are received by a service that does not share: not among the figures.
    expect(figures.top_receivers).toEqual([{ id: hill.id, name: hill.name, count: 5 }]);
    expect((await admin.api('GET', url(`&unit=${hospital.id}`))).json<Analytics>().outcomes.received).toBe(
      42,
    );
    expect((await admin.api('GET', url(`&unit=${hill.id}`))).statusCode).toBe(400);
    expect((await holder.api('GET', url())).statusCode).toBe(403);
    const unknown = `/api/platform/health-networks/${hill.id}/analytics/?from=${RANGE.from}&to=${RANGE.to}`;
    expect((await admin.api('GET', unknown)).statusCode).toBe(404);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, admin.user.id), eq(auditLog.action, 'analytics.read')));
    expect(audit.map((row) => row.resource_type)).toEqual(['health-network', 'health-network']);
  });
});
