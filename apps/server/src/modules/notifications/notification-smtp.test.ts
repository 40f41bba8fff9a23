import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema/jobs.ts';
import { users } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { mailServer } from '../../../test/smtp-test-server.ts';
import { MAIL_DELIVERY } from '../mail/mail-delivery.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';

describe('notification mail through a real SMTP server (issue 25)', () => {
  let t: TestApp;
  let p: ReferralParties;
  const smtp = mailServer();
  beforeAll(async () => {
    const port = await smtp.start();
    t = await buildTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      { jobs: { pollMs: 50, firstRetryDelayMs: 100, maxRetryDelayMs: 400 } },
    );
    p = await referralParties(t.app, t.database.db);
    await t.database.db
      .update(users)
      .set({ email_notifications: { email_referral_accepted: true } })
      .where(eq(users.id, p.gp.user.id));
    await t.database.db
      .update(users)
      .set({ email_notifications: { email_referral_accepted: false } })
      .where(eq(users.id, p.gpColleague.user.id));
  });
  afterAll(async () => {
    await t.app.close();
    await smtp.stop();
  });

  const undelivered = async () =>
    (await t.database.db.select().from(jobs)).filter((job) => job.kind === MAIL_DELIVERY && !job.finished_at);

  it('mails an accepted referral once to a referrer whose flag is on, and not to one whose flag is off', async () => {
    const mine = await insertReferral(t.database.db, p);
    const colleagues = await insertReferral(t.database.db, p, { referrer_id: p.gpColleague.user.id });
    for (const referral of [mine, colleagues]) {
      expect((await p.specialist.api('POST', `/api/referrals/${referral.id}/accept/`)).statusCode).toBe(200);
    }
    await vi.waitFor(async () => expect(await undelivered()).toEqual([]), { timeout: 10_000, interval: 50 });
    expect(smtp.received.map((m) => [m.to, subjectOf(m.raw)])).toEqual([
      [[p.gp.user.email], 'Referral accepted'],
    ]);
    expect(smtp.received[0]?.raw).toContain(`/referrals/${mine.id}`);
    expect(smtp.received[0]?.raw).not.toMatch(/Olivia|Whitfield/);
  });

  it('keeps a message a busy server refuses, retries it later and delivers it exactly once', async () => {
    const before = smtp.received.length;
    smtp.state.refusals = 2;
    const referral = await insertReferral(t.database.db, p);
    expect((await p.specialist.api('POST', `/api/referrals/${referral.id}/accept/`)).statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.received.length).toBe(before + 1), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect(await undelivered()).toEqual([]), { timeout: 10_000, interval: 50 });
    expect(smtp.state.refused).toBe(2);
    const delivered = smtp.received.slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.raw).toContain(`/referrals/${referral.id}`);
    const [job] = (await t.database.db.select().from(jobs)).filter(
      (row) => row.kind === MAIL_DELIVERY && row.attempts === 3,
    );
    expect(job).toMatchObject({ outcome: 'done' });
    // Nothing arrives twice, even after the runner has polled a while longer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.slice(before)).toHaveLength(1);
  });
});
