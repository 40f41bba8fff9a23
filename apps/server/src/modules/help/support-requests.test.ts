import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SUPPORT_REQUEST_SENT } from '@referrals/domain/help/support-request-schemas';
import { auditLog } from '../../db/schema/audit-log.ts';
import { outgoingMail } from '../../db/schema/mail.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { mailServer } from '../../../test/smtp-test-server.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';

/** The decoded text of a received message: quoted-printable soft breaks and escapes undone. */
const textOf = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('Help Desk: a support request reaches the support team by mail', () => {
  let t: TestApp;
  let p: ReferralParties;
  const smtp = mailServer();
  beforeAll(async () => {
    const port = await smtp.start();
    t = await buildTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: 'help@referrals.test' },
      { jobs: { pollMs: 50, firstRetryDelayMs: 100, maxRetryDelayMs: 400 } },
    );
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.app.close();
    await smtp.stop();
  });

  it('mails who asks, their establishment and the screen they came from, without its query string', async () => {
    const sent = await p.specialist.api('POST', '/api/support-requests/', {
      topic: 'reports',
      subject: 'The report editor lost my bold text',
      message: 'I made a heading bold and after saving it was plain.',
      page: '/referrals/inbox/all?search=Whitfield',
    });
    expect([sent.statusCode, sent.json()]).toEqual([202, { detail: SUPPORT_REQUEST_SENT }]);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['help@referrals.test']);
    const text = textOf(mail?.raw ?? '');
    expect(text).toMatch(/^Subject: Support request: Clinical reports$/m);
    expect(text).toContain('Dr Samuel Hart');
    expect(text).toContain(p.specialist.user.email);
    expect(text).toContain('Establishment: Northside Cardiology. Screen: /referrals/inbox/all.');
    expect(text).toContain('I made a heading bold and after saving it was plain.');
    expect(text).not.toContain('Whitfield');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, p.specialist.user.id), eq(auditLog.action, 'support.request')));
    expect(audit?.detail).toEqual({ topic: 'reports', page: '/referrals/inbox/all' });
  });

  it('answers a missing subject or message with field errors and sends nothing', async () => {
    const before = await t.database.db.select().from(outgoingMail);
    const bad = await p.gp.api('POST', '/api/support-requests/', {
      topic: 'nonsense',
      subject: ' ',
      message: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['message', 'subject', 'topic']);
    expect(bad.json().subject).toEqual(['This field is required.']);
    expect(await t.database.db.select().from(outgoingMail)).toHaveLength(before.length);
  });

  it('takes five requests an hour from one person, then a 429 that sends nothing', async () => {
    const ask = () =>
      p.gpColleague.api('POST', '/api/support-requests/', {
        topic: 'other',
        subject: 'Question',
        message: 'How do I print a referral?',
      });
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(202);
    const before = await t.database.db.select().from(outgoingMail);
    const sixth = await ask();
    expect([sixth.statusCode, sixth.json()]).toEqual([429, { detail: 'Request was throttled.' }]);
    expect(await t.database.db.select().from(outgoingMail)).toHaveLength(before.length);
    expect((await t.app.inject({ method: 'POST', url: '/api/support-requests/' })).statusCode).toBe(401);
  });
});
