import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployment, createEstablishment, createUser, type User } from './db/factories/factories.ts';
import { auditLog } from './db/schema/audit-log.ts';
import { jobs } from './db/schema/jobs.ts';
import { outgoingMail } from './db/schema/mail.ts';
import { queueMail } from './modules/mail/mail-delivery.ts';
import { hashPassword } from './modules/auth/passwords.ts';
import { REFRESH_COOKIE } from './modules/auth/refresh-cookie.ts';
import { SIGN_IN_LIMITS } from './modules/auth/sign-in-throttle.ts';
import {
  createProcessTestDatabase,
  ProcessBrowser,
  startServerProcess,
  type ProcessTestDatabase,
  type ServerProcess,
} from '../test/server-process.ts';
import { mailServer } from '../test/smtp-test-server.ts';
import { bucketTestServer, type BucketTestServer } from '../test/bucket-test-server.ts';
import { PNG } from './modules/referrals/attachments/attachment-test-helpers.ts';

const PASSWORD = 'two processes, one service';
let addresses = 0;
/** Each browser comes from an address of its own, so one test's per-address limit never reaches another. */
const freshIp = () => `198.51.100.${++addresses}`;

// Two real server processes (src/main.ts) on one PostgreSQL database, as behind a load balancer: they must
// behave as one service (issue 32). The embedded database belongs to one process, so this needs a server.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'two server processes on one PostgreSQL database',
  () => {
    let database: ProcessTestDatabase;
    let a: ServerProcess;
    let b: ServerProcess;
    const smtp = mailServer();
    let bucket: BucketTestServer;
    const browsers: ProcessBrowser[] = [];
    let place: string;

    beforeAll(async () => {
      const smtpPort = await smtp.start();
      bucket = await bucketTestServer();
      database = await createProcessTestDatabase('two_processes');
      // Each process greets the mail server by its own name, so a test can tell which one delivered.
      const env = (name: string) => ({
        TRUST_PROXY: 'loopback',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?name=${name}`,
        // Each process has a data directory of its own (server-process.ts): files are shared through the bucket.
        ...bucket.env,
      });
      [a, b] = await Promise.all([
        startServerProcess(database.url, env('process-a')),
        startServerProcess(database.url, env('process-b')),
      ]);
      place = (await createEstablishment(database.owner.db)).id;
    }, 90_000);
    afterAll(async () => {
      for (const browser of browsers) browser.close();
      await Promise.all([a?.kill(), b?.kill()]);
      await database?.drop();
      await smtp.stop();
      await bucket?.close();
    });

    let passwordHash: Promise<string> | undefined;
    const account = async (): Promise<User> => {
      passwordHash ??= hashPassword(PASSWORD);
      const user = await createUser(database.owner.db, {
        password_hash: await passwordHash,
        email_verified_at: new Date(),
      });
      await createEmployment(database.owner.db, { user_id: user.id, establishment_id: place });
      return user;
    };
    const browser = (to: (step: number) => ServerProcess, ip = freshIp()) => {
      const made = new ProcessBrowser(to, ip);
      browsers.push(made);
      return made;
    };
    /** A call with the browser's token through `server`, whatever process the browser signed in through. */
    const profileThrough = (server: ServerProcess, signedIn: ProcessBrowser) =>
      browser(() => server)
        .request('GET', '/api/profile/', { headers: { authorization: `Bearer ${signedIn.accessToken}` } })
        .then((answer) => answer.status);

    it('takes on B a sign-in made through A, and one whose every step went to either', async () => {
      const user = await account();
      const throughA = browser(() => a);
      await throughA.signIn(user.email, PASSWORD);
      expect(await profileThrough(b, throughA)).toBe(200);

      // A load balancer without sticky sessions: each request of the sign-in to the other process.
      const alternating = browser((step) => (step % 2 === 0 ? a : b));
      await alternating.signIn(user.email, PASSWORD);
      expect(await profileThrough(a, alternating)).toBe(200);
      expect(await profileThrough(b, alternating)).toBe(200);
    });

    it('serves through B a file uploaded through A, from the bucket they share', async () => {
      const user = await account();
      const throughA = browser(() => a);
      await throughA.signIn(user.email, PASSWORD);
      const upload = await throughA.request('POST', '/api/profile/avatar-image/', {
        file: { name: 'me.png', type: 'image/png', bytes: PNG },
      });
      expect(upload.status).toBe(202);
      const download = await browser(() => b).request('GET', upload.json<{ url: string }>().url, {
        headers: { authorization: `Bearer ${throughA.accessToken}` },
      });
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.bytes.equals(PNG)).toBe(true);
    });

    it('refuses on B, within a second, a token whose sign-in ended through A, and its refresh token too', async () => {
      const user = await account();
      const gp = browser(() => a);
      await gp.signIn(user.email, PASSWORD);
      // B has checked this session a few times, so it remembers the check (session-check-cache.ts).
      for (let i = 0; i < 3; i++) expect(await profileThrough(b, gp)).toBe(200);
      // What the browser held, as someone who copied its cookies before the sign-out would.
      const cookies = new Map(gp.cookies);
      expect(cookies.has(REFRESH_COOKIE)).toBe(true);

      expect((await gp.request('POST', '/api/profile/logout/')).status).toBe(204);
      const signedOutAt = Date.now();
      let status = await profileThrough(b, gp);
      while (status !== 401 && Date.now() - signedOutAt < 2000) status = await profileThrough(b, gp);
      expect(status).toBe(401);
      expect(Date.now() - signedOutAt).toBeLessThan(1000);

      const refreshThroughB = browser(() => b);
      for (const [name, value] of cookies) refreshThroughB.cookies.set(name, value);
      const refresh = await refreshThroughB.request('POST', '/auth/oauth/token', {
        form: { grant_type: 'refresh_token', client_id: 'referrals-web' },
      });
      expect(refresh.status).toBe(400);
      expect(refresh.json<{ error: string }>().error).toBe('invalid_grant');
    });

    /**
     * Sends `count` wrong passwords at once, through the processes `to` names, from the addresses and at the
     * accounts `who` gives for each; answers how many were checked (401) and refused (429).
     */
    async function wrongPasswords(
      count: number,
      to: (i: number) => ServerProcess,
      who: (i: number) => { ip: string; email: string },
    ) {
      const attempts = await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const guesser = browser(() => to(i), who(i).ip);
          return { guesser, ...(await guesser.openLoginForm()) };
        }),
      );
      const statuses = await Promise.all(
        attempts.map(({ guesser, action }, i) => guesser.submitLogin(action, who(i).email, `guess ${i}`)),
      );
      const tally = { checked: 0, refused: 0, other: 0 };
      for (const status of statuses) {
        if (status === 401) tally.checked++;
        else if (status === 429) tally.refused++;
        else tally.other++;
      }
      return tally;
    }
    const spread = (i: number) => (i % 2 === 0 ? a : b);
    const onA = () => a;

    it('counts 40 wrong passwords at one account over A and B as 40 on one process: the account limit', async () => {
      const counted = async (to: (i: number) => ServerProcess) => {
        const user = await account();
        const tally = await wrongPasswords(40, to, () => ({ ip: freshIp(), email: user.email }));
        const locks = await database.owner.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'auth.lock'), eq(auditLog.resource_id, user.id)));
        const unlockMail = await database.owner.db
          .select()
          .from(outgoingMail)
          .where(eq(outgoingMail.recipient, user.email));
        return { ...tally, locks: locks.length, unlockMail: unlockMail.length };
      };
      const oneProcess = await counted(onA);
      expect(oneProcess).toEqual({
        checked: SIGN_IN_LIMITS.perAccount,
        refused: 40 - SIGN_IN_LIMITS.perAccount,
        other: 0,
        locks: 1,
        unlockMail: 1,
      });
      expect(await counted(spread)).toEqual(oneProcess);
    });

    it('counts 40 wrong passwords from one address over A and B as 40 on one process: the address limit', async () => {
      const counted = (to: (i: number) => ServerProcess) => {
        const ip = freshIp();
        return wrongPasswords(40, to, (i) => ({ ip, email: `nobody-${ip}-${i}@example.test` }));
      };
      const oneProcess = await counted(onA);
      expect(oneProcess).toEqual({
        checked: SIGN_IN_LIMITS.perIp,
        refused: 40 - SIGN_IN_LIMITS.perIp,
        other: 0,
      });
      expect(await counted(spread)).toEqual(oneProcess);
    });

    it('runs each queued job once, whichever process takes it', async () => {
      const count = 40;
      const recipients = Array.from({ length: count }, (_, i) => `once-${i}@example.test`);
      // A slow mail server, so that a round of ten takes longer than a poll and both runners get some.
      smtp.state.answerDelayMs = 40;
      // Queued by neither process, as another process's request would: both runners find them at their poll.
      await database.owner.db.transaction(async (tx) => {
        for (const to of recipients)
          await queueMail(tx, { to, subject: 'Once', text: 'Once only.', html: '' });
      });
      const delivered = () => smtp.received.filter((m) => m.to.some((to) => recipients.includes(to)));
      const started = Date.now();
      while (delivered().length < count && Date.now() - started < 20_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Both runners poll every second: two more polls to show that nothing runs again.
      await new Promise((resolve) => setTimeout(resolve, 2500));

      const timesDelivered = recipients.map((to) => delivered().filter((m) => m.to.includes(to)).length);
      expect(timesDelivered).toEqual(recipients.map(() => 1));
      expect(new Set(delivered().map((m) => m.client))).toEqual(new Set(['process-a', 'process-b']));
      const ours = await database.owner.db
        .select({ outcome: jobs.outcome, attempts: jobs.attempts })
        .from(jobs)
        .innerJoin(outgoingMail, sql`${outgoingMail.id} = (${jobs.payload}->>'mail_id')::uuid`)
        .where(inArray(outgoingMail.recipient, recipients));
      expect(ours).toEqual(recipients.map(() => ({ outcome: 'done', attempts: 1 })));
    });
  },
);
