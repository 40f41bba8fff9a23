import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { users } from '../../db/schema/people.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readMailbox } from '../../../test/mailbox.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { REMINDERS_JOB } from './reminder-jobs.ts';
import { sendReferralReminders } from './send-referral-reminders.ts';

const DAY = 24 * 3_600_000;

describe('the daily reminders: renewal due, appointment due, overdue for appointment (issue 25)', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    await t.database.db
      .update(users)
      .set({ email_notifications: { email_referral_renewal_due: true } })
      .where(eq(users.id, p.gp.user.id));
  });
  afterAll(() => t.app.close());

  const remindersOf = (userId: string, referralId: string) =>
    t.database.db
      .select({ action: notifications.action, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.user_id, userId), eq(notifications.subject_id, referralId)));

  it('reminds each side once per occasion, even when two processes sweep at the same time', async () => {
    const now = Date.now();
    const expiring = await insertReferral(t.database.db, p, {
      status: 'ACPT',
      expires_at: new Date(now + 10 * DAY),
    });
    const soon = await insertReferral(t.database.db, p, {
      status: 'SCHDL',
      appointment_date: new Date(now + 2 * DAY),
      expires_at: new Date(now + 300 * DAY),
    });
    const late = await insertReferral(t.database.db, p, {
      status: 'WLST',
      triage_category: 'CAT1',
      submitted_at: new Date(now - 45 * DAY),
      expires_at: new Date(now + 300 * DAY),
    });
    const fine = await insertReferral(t.database.db, p, {
      status: 'ACPT',
      triage_category: 'CAT3',
      submitted_at: new Date(now - 45 * DAY),
      expires_at: new Date(now + 300 * DAY),
    });
    const before = (await readMailbox(t.app)).length;

    // Two sweeps at once, as two server processes would run them.
    await Promise.all([sendReferralReminders(t.database.db), sendReferralReminders(t.database.db)]);
    await sendReferralReminders(t.database.db);

    expect(await remindersOf(p.gp.user.id, expiring.id)).toEqual([
      { action: 'renewal_due', title: 'Referral due for renewal' },
    ]);
    expect(await remindersOf(p.specialist.user.id, soon.id)).toEqual([
      { action: 'appointment_due', title: 'Appointment due' },
    ]);
    expect(await remindersOf(p.specialist.user.id, late.id)).toEqual([
      { action: 'overdue_for_appointment', title: 'Overdue for appointment' },
    ]);
    expect(await remindersOf(p.specialist.user.id, fine.id)).toEqual([]);
    expect(await remindersOf(p.gp.user.id, fine.id)).toEqual([]);

    // The referrer asked for renewal reminders by mail: one, with a link and no patient.
    const mail = (await readMailbox(t.app)).slice(before).filter((m) => m.to === p.gp.user.email);
    expect(mail.map((m) => m.subject)).toEqual(['Referral due for renewal']);
    expect(mail[0]?.text).toContain(`/referrals/${expiring.id}`);
    expect(mail[0]?.text).not.toMatch(/Olivia|Whitfield/);
  });

  it('reminds again when the appointment moves', async () => {
    const now = Date.now();
    const booked = await insertReferral(t.database.db, p, {
      status: 'SCHDL',
      appointment_date: new Date(now + 3 * DAY),
      expires_at: new Date(now + 300 * DAY),
    });
    await sendReferralReminders(t.database.db);
    await t.database.db
      .update(referrals)
      .set({ appointment_date: new Date(now + 5 * DAY) })
      .where(eq(referrals.id, booked.id));
    await sendReferralReminders(t.database.db);
    await sendReferralReminders(t.database.db);
    expect(await remindersOf(p.specialist.user.id, booked.id)).toHaveLength(2);
  });

  it('runs as a daily job at 7 am Sydney time, one waiting at a time, each run queueing the next', async () => {
    const waiting = async () =>
      (await t.database.db.select().from(jobs).where(eq(jobs.kind, REMINDERS_JOB))).filter(
        (job) => job.finished_at === null,
      );
    // Queued when the app became ready, without holding up its start.
    await vi.waitFor(async () => expect(await waiting()).toHaveLength(1), { timeout: 5000, interval: 50 });
    const [next] = await waiting();
    const sydneyHour = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      hour: 'numeric',
      hour12: false,
    }).format(next?.run_after);
    expect(Number(sydneyHour)).toBe(7);
    expect(next!.run_after.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);

    // Due now: the runner sweeps, finishes it and queues tomorrow's.
    await t.database.db.update(jobs).set({ run_after: new Date() }).where(eq(jobs.id, next!.id));
    await t.app.jobs.drain();
    const [done] = await t.database.db.select().from(jobs).where(eq(jobs.id, next!.id));
    expect(done).toMatchObject({ outcome: 'done' });
    const [tomorrow] = await waiting();
    expect(tomorrow?.id).not.toBe(next!.id);
    expect(await waiting()).toHaveLength(1);
  });
});
