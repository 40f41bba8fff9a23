import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createUser, type User } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { rateLimitBuckets } from '../../db/schema/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { linkIn, readMailbox } from '../../../test/mailbox.ts';
import { SignInClient } from '../../../test/sign-in-client.ts';
import { hashPassword } from './passwords.ts';

const PASSWORD = 'correct horse battery staple';
let addresses = 0;
/** Each test signs in from addresses of its own, so one test's per-address limit never reaches another. */
const freshIp = () => `198.51.100.${++addresses}`;

describe('locking an account after too many sign-in attempts', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-lockout-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const account = async () =>
    createUser(t.database.db, { password_hash: await hashPassword(PASSWORD), email_verified_at: new Date() });
  const attempt = async (user: User, password: string, ip = freshIp()) => {
    const client = new SignInClient(t.app, ip);
    const { action } = await client.openLoginForm();
    return client.submitLogin(action, user.email, password);
  };
  const auditOf = (user: User, action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.resource_id, user.id)));

  it('checks at most five passwords of twenty sent at once, so a race cannot buy more guesses', async () => {
    const user = await account();
    const client = new SignInClient(t.app, freshIp());
    const forms = await Promise.all(Array.from({ length: 20 }, () => client.openLoginForm()));
    const answers = await Promise.all(
      forms.map(({ action }, i) => client.submitLogin(action, user.email, `guess ${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('locks the account from every address, audits the lock once, and lets the owner unlock it by email', async () => {
    const user = await account();
    for (let i = 0; i < 5; i++) expect((await attempt(user, `guess ${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await attempt(user, `guess more ${i}`)).statusCode).toBe(429);
    // Locked from an address that never guessed, for the right password too.
    const refused = await attempt(user, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many sign-in attempts');
    expect(await auditOf(user, 'auth.lock')).toHaveLength(1);

    const mail = (await readMailbox(t.app)).filter((m) => m.to === user.email);
    expect(mail.map((m) => m.subject)).toEqual(['Your Referrals account is locked']);
    const link = new URL(linkIn(mail[0], `${t.config.publicUrl}/auth/unlock`));
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const unlock = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/unlock',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: link.searchParams.get('token') ?? '' }).toString(),
      });
    const unlocked = await unlock();
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.body).toContain('Your account is unlocked. You can sign in again.');
    expect((await unlock()).statusCode).toBe(400);
    expect(await auditOf(user, 'auth.unlock')).toHaveLength(1);

    expect((await attempt(user, PASSWORD)).statusCode).toBe(303);
  });

  it('drains as time passes: one more attempt for each three minutes, not a fresh window', async () => {
    const user = await account();
    for (let i = 0; i < 5; i++) await attempt(user, `guess ${i}`);
    expect((await attempt(user, 'one too many')).statusCode).toBe(429);
    await t.database.db
      .update(rateLimitBuckets)
      .set({ updated_at: sql`${rateLimitBuckets.updated_at} - interval '3 minutes 10 seconds'` })
      .where(eq(rateLimitBuckets.key, `sign-in:account:${user.email}`));
    expect((await attempt(user, 'after three minutes')).statusCode).toBe(401);
    expect((await attempt(user, 'straight after')).statusCode).toBe(429);
  });

  it('starts an account afresh after a right password, so its owner’s typos do not add up', async () => {
    const user = await account();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await attempt(user, `typo ${i}`)).statusCode).toBe(401);
      expect((await attempt(user, PASSWORD)).statusCode).toBe(303);
    }
  });
});

describe('the client address', () => {
  let t: TestApp;
  afterAll(() => t.app.close());

  it('is the socket’s, whatever X-Forwarded-For says, unless TRUST_PROXY names the proxy', async () => {
    t = await buildTestApp();
    const guesser = freshIp();
    // Twenty guesses at twenty accounts, each claiming another address: the address limit still counts them.
    for (let i = 0; i < 20; i++) {
      const client = new SignInClient(t.app, guesser);
      const { action } = await client.openLoginForm();
      await client.request(
        'POST',
        action,
        { email: `someone${i}@example.test`, password: 'guess' },
        {
          'x-forwarded-for': `203.0.113.${i}`,
        },
      );
    }
    const client = new SignInClient(t.app, guesser);
    const { action } = await client.openLoginForm();
    const answer = await client.request(
      'POST',
      action,
      { email: 'another@example.test', password: 'guess' },
      {
        'x-forwarded-for': '203.0.113.200',
      },
    );
    expect(answer.statusCode).toBe(429);
    const [row] = await t.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.request_id, String(answer.headers['x-request-id'])));
    expect(row?.ip).toBe(guesser);
  });

  it('is the forwarded one behind a configured proxy', async () => {
    const proxy = freshIp();
    const behind = await buildTestApp({ TRUST_PROXY: proxy });
    try {
      const client = new SignInClient(behind.app, proxy);
      const { action } = await client.openLoginForm();
      const answer = await client.request(
        'POST',
        action,
        { email: 'nobody@example.test', password: 'x' },
        {
          'x-forwarded-for': '203.0.113.77',
        },
      );
      const [row] = await behind.database.db
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .where(eq(auditLog.request_id, String(answer.headers['x-request-id'])));
      expect(row?.ip).toBe('203.0.113.77');
    } finally {
      await behind.app.close();
    }
  });
});

describe('the hosted login pages', () => {
  it('are never cached, by the browser or a proxy', async () => {
    const t = await buildTestApp();
    try {
      const { form } = await new SignInClient(t.app).openLoginForm();
      expect(form.statusCode).toBe(200);
      expect(form.headers['cache-control']).toBe('no-store');
    } finally {
      await t.app.close();
    }
  });
});
