import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployment, createReferral } from '../../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { REFERRAL_DASHBOARD_ITEMS } from '@referrals/domain/referrals/referral-dashboard';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

/**
 * The nav counters (GET referrals/stats/), the selector's unread counters per establishment
 * (GET referrals/stats/establishments/), the recall dashboard, and the derived-condition flags of list
 * items at their boundaries (referral-lifecycle.md Derived conditions).
 */
describe('referral stats, recall dashboard and derived conditions', () => {
  let t: TestApp;
  let p: ReferralParties;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    p = await referralParties(t.app, db);
    const now = Date.now();
    const make = async (label: string, overrides: Parameters<typeof createReferral>[1]) => {
      const row = await createReferral(db, {
        patient_id: p.patient.id,
        referrer_id: p.gp.user.id,
        from_establishment_id: p.practice.id,
        to_establishment_id: p.clinic.id,
        assignee_id: p.specialist.user.id,
        ...overrides,
      });
      ids[label] = row.id;
    };
    await make('new1', { status: 'SBMT', receiver_unread: true });
    await make('new2', { status: 'UPDT', receiver_unread: true, sender_unread: true });
    await make('viewed', { status: 'VWD', receiver_unread: true });
    await make('accepted', { status: 'ACPT', receiver_unread: false, sender_unread: true });
    await make('archived', { status: 'ACPT', receiver_unread: true, receiver_archived: true });
    await make('forwarded', { status: 'FWRD', receiver_unread: true });
    await make('draft', { status: 'DRFT', submitted_at: null });
    await make('recalled', { status: 'DRFT', is_recalled: true, submitted_at: new Date(now - DAY) });
    await make('recalledArchived', { status: 'DRFT', is_recalled: true, sender_deleted: true });
    // Boundaries: one minute either side of each derived condition's edge.
    const at = (ms: number) => new Date(now + ms);
    await make('overdue', { status: 'ACPT', triage_category: 'CAT1', submitted_at: at(-30 * DAY - MINUTE) });
    await make('notYetOverdue', {
      status: 'ACPT',
      triage_category: 'CAT1',
      submitted_at: at(-30 * DAY + MINUTE),
    });
    await make('renewalDue', { status: 'WLST', expires_at: at(30 * DAY - MINUTE) });
    await make('renewalNotDue', { status: 'WLST', expires_at: at(30 * DAY + MINUTE) });
    await make('appointmentDue', { status: 'SCHDL', appointment_date: at(7 * DAY - MINUTE) });
    await make('appointmentLater', { status: 'SCHDL', appointment_date: at(7 * DAY + MINUTE) });
  });
  afterAll(() => t.app.close());

  it('counts the inbox and outbox as their all lists show them, with unread per side', async () => {
    const res = await p.specialist.api(
      'GET',
      '/api/referrals/stats/?exclude_status=DRFT&archived=false&deleted=false',
    );
    expect(res.statusCode).toBe(200);
    // Inbox: every submitted referral but the archived one and the forwarded one (not in the all list).
    expect(res.json()).toEqual({ inbox: { count: 10, unread: 3 }, outbox: { count: 0, unread: 0 } });
    const gp = await p.gp.api('GET', '/api/referrals/stats/?exclude_status=DRFT');
    expect(gp.json()).toEqual({ inbox: { count: 0, unread: 0 }, outbox: { count: 11, unread: 2 } });
    const archived = await p.specialist.api('GET', '/api/referrals/stats/?archived=true');
    expect(archived.json().inbox).toEqual({ count: 1, unread: 1 });
    const elsewhere = await p.specialist.api(
      'GET',
      `/api/referrals/stats/?within_establishment=${p.practice.id}`,
    );
    expect(elsewhere.json().inbox.count).toBe(0);
    expect((await p.outsider.api('GET', '/api/referrals/stats/')).json().inbox.count).toBe(0);
  });

  it('counts unread inbox referrals per establishment the caller may switch to', async () => {
    // The specialist also works at the practice, where nothing was sent to them.
    await createEmployment(t.database.db, {
      user_id: p.specialist.user.id,
      establishment_id: p.practice.id,
      priority: 2,
      permissions: ['accept_referral'],
    });
    const res = await p.specialist.api('GET', '/api/referrals/stats/establishments/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        establishment: { id: p.clinic.id, name: 'Northside Cardiology' },
        receiver_unread: { submitted: 2, viewed: 1, accepted: 0 },
      },
      {
        establishment: { id: p.practice.id, name: 'Harbour Family Practice' },
        receiver_unread: { submitted: 0, viewed: 0, accepted: 0 },
      },
    ]);
    // A colleague without shared inbox access has nothing assigned: nothing unread.
    const colleague = await p.clinicColleague.api('GET', '/api/referrals/stats/establishments/');
    expect(colleague.json()).toEqual([
      {
        establishment: { id: p.clinic.id, name: 'Northside Cardiology' },
        receiver_unread: { submitted: 0, viewed: 0, accepted: 0 },
      },
    ]);
  });

  it('lists the sender’s recalled drafts on the dashboard, not plain drafts or the receiver’s copy', async () => {
    const res = await p.gp.api('GET', '/api/referrals/dashboard/recall/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      count: 1,
      next: null,
      results: [{ id: ids.recalled, side: 'sender' }],
    });
    const receiver = await p.specialist.api('GET', '/api/referrals/dashboard/recall/');
    expect(receiver.json().count).toBe(0);
  });

  it('flags the derived conditions on each side of their boundaries', async () => {
    const res = await p.specialist.api('GET', '/api/referrals/?box=inbox&page_size=100');
    const items = new Map(
      res
        .json<{ results: { id: string }[] }>()
        .results.map((item) => [item.id, item as Record<string, unknown>]),
    );
    const flags = (label: string) => {
      const item = items.get(ids[label]!);
      return [
        item?.pending_action,
        item?.due_for_renewal,
        item?.appointment_due,
        item?.overdue_for_appointment,
      ];
    };
    expect(flags('new1')).toEqual([true, false, false, false]);
    expect(flags('viewed')).toEqual([true, false, false, false]);
    expect(flags('overdue')).toEqual([false, false, false, true]);
    expect(flags('notYetOverdue')).toEqual([false, false, false, false]);
    expect(flags('renewalDue')).toEqual([false, true, false, false]);
    expect(flags('renewalNotDue')).toEqual([false, false, false, false]);
    expect(flags('appointmentDue')).toEqual([false, false, true, false]);
    expect(flags('appointmentLater')).toEqual([false, false, false, false]);
  });

  it('narrows a list to each derived condition exactly as its items flag it, on both sides', async () => {
    const flagOf = {
      'pending-action': 'pending_action',
      'due-for-renewal': 'due_for_renewal',
      'appointment-due': 'appointment_due',
      overdue: 'overdue_for_appointment',
    } as const;
    for (const [who, box] of [
      [p.specialist, 'inbox'],
      [p.gp, 'outbox'],
    ] as const) {
      const all = await who.api('GET', `/api/referrals/?box=${box}&page_size=100`);
      const items = all.json<{ results: Record<string, unknown>[] }>().results;
      for (const [condition, flag] of Object.entries(flagOf)) {
        const res = await who.api('GET', `/api/referrals/?box=${box}&condition=${condition}&page_size=100`);
        expect(res.statusCode).toBe(200);
        const listed = res.json<{ results: { id: string }[] }>().results.map((item) => item.id);
        const flagged = items.filter((item) => item[flag] === true).map((item) => item.id);
        expect(listed.sort(), `${box} ${condition}`).toEqual(flagged.sort());
      }
    }
    const overdue = await p.specialist.api(
      'GET',
      '/api/referrals/?box=inbox&condition=overdue&triage_category=CAT2',
    );
    expect(overdue.json().count).toBe(0);
    const unknown = await p.specialist.api('GET', '/api/referrals/?box=inbox&condition=late');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['condition']);
  });

  it('counts each dashboard item as the list it links to shows it', async () => {
    const specialist = await p.specialist.api('GET', '/api/referrals/stats/dashboard/');
    expect(specialist.statusCode).toBe(200);
    const counts = (body: { key: string; count: number }[]) =>
      Object.fromEntries(body.map(({ key, count }) => [key, count]));
    expect(counts(specialist.json())).toEqual({
      pending_action: 3,
      appointment_due: 1,
      overdue_CAT1: 1,
      overdue_CAT2: 0,
      overdue_CAT3: 0,
      due_for_renewal: 0,
      returned: 0,
      recalled: 0,
    });
    const gp = counts((await p.gp.api('GET', '/api/referrals/stats/dashboard/')).json());
    expect(gp).toMatchObject({ pending_action: 0, due_for_renewal: 1, recalled: 1 });
    for (const item of REFERRAL_DASHBOARD_ITEMS) {
      const query = new URLSearchParams({ box: item.box, list: item.list });
      if (item.condition) query.set('condition', item.condition);
      if (item.triage_category) query.set('triage_category', item.triage_category);
      const list = await p.gp.api('GET', `/api/referrals/?${query.toString()}`);
      expect(list.json().count, item.key).toBe(gp[item.key]);
    }
  });
});
