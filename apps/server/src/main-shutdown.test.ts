import { Agent } from 'node:http';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmployment,
  createEstablishment,
  createPatient,
  createReferral,
  createUser,
} from './db/factories/factories.ts';
import { hashPassword } from './modules/auth/passwords.ts';
import {
  createProcessTestDatabase,
  ProcessBrowser,
  send,
  startServerProcess,
  type HttpAnswer,
  type ProcessTestDatabase,
  type ServerProcess,
} from '../test/server-process.ts';

const PASSWORD = 'shutting down cleanly';
const IN_FLIGHT = 20;

/** The outcome of a request: its answer, or the error that came instead (a refused or cut connection). */
type Outcome = { status?: number; headers?: HttpAnswer['headers']; error?: string };
const settled = (answer: Promise<HttpAnswer>): Promise<Outcome> =>
  answer.then(
    (a) => ({ status: a.status, headers: a.headers }),
    (error: unknown) => ({ error: (error as { code?: string }).code ?? String(error) }),
  );

// The real server process (src/main.ts) and SIGTERM, as an orchestrator stops it. On PostgreSQL only: a
// test holds the requests in flight with a lock taken on a connection of its own.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('SIGTERM while requests are in flight', () => {
  let database: ProcessTestDatabase;
  let server: ServerProcess;
  let gp: ProcessBrowser;
  let locker: pg.Client;

  beforeAll(async () => {
    database = await createProcessTestDatabase('shutdown');
    const db = database.owner.db;
    const clinic = await createEstablishment(db);
    const practice = await createEstablishment(db);
    const user = await createUser(db, {
      password_hash: await hashPassword(PASSWORD),
      email_verified_at: new Date(),
    });
    await createEmployment(db, { user_id: user.id, establishment_id: clinic.id });
    for (let i = 0; i < 30; i++) {
      const patient = await createPatient(db, { establishment_id: practice.id });
      await createReferral(db, {
        patient_id: patient.id,
        from_establishment_id: practice.id,
        to_establishment_id: clinic.id,
        status: 'SBMT',
      });
    }
    server = await startServerProcess(database.url);
    gp = new ProcessBrowser(() => server);
    await gp.signIn(user.email, PASSWORD);
    locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
  }, 90_000);
  afterAll(async () => {
    gp?.close();
    await locker?.end().catch(() => undefined);
    await server?.kill();
    await database?.drop();
  });

  it('answers every request in flight, none with a 5xx, refuses new connections and exits 0', async () => {
    const inbox = () => {
      const incoming = server
        .logs()
        .filter((line) => line.msg === 'incoming request')
        .map((line) => (line.req as { path?: string } | undefined)?.path);
      return incoming.filter((path) => path === '/api/referrals/').length;
    };
    // The inbox's reads wait for the referrals table, so all twenty are still in the server at the signal.
    await locker.query('begin');
    await locker.query('lock table referrals in access exclusive mode');
    // Kept-alive connections, as a browser or a load balancer holds them.
    const agent = new Agent({ keepAlive: true });
    const requests = Array.from({ length: IN_FLIGHT }, () =>
      settled(
        send(server.port, 'GET', '/api/referrals/?box=inbox', {
          agent,
          headers: { authorization: `Bearer ${gp.accessToken}` },
        }),
      ),
    );
    // A client half-way through sending its request at the signal, which it finishes after.
    const lateComer = rawConnection(server.port);
    const [firstHalf, secondHalf] = halves(inboxRequest(gp.accessToken));
    lateComer.write(firstHalf);
    await waitUntil(() => inbox() === IN_FLIGHT);
    await waitUntil(async () => (await waitingOnTheLock(locker)) > 0);

    server.signal('SIGTERM');
    await server.waitForLine((line) => line.includes('shutting down'));
    // New connections after the signal: soon refused. One that raced the listener's close may be reset,
    // or answered in full or with 503 and Retry-After, never with another 5xx.
    const after: Outcome[] = [];
    await waitUntil(async () => {
      after.push(await settled(send(server.port, 'GET', '/api/health', {})));
      return after.at(-1)?.error === 'ECONNREFUSED';
    });
    for (const outcome of after) {
      if (outcome.error) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(outcome.error);
      else if (outcome.status !== 200) {
        expect(outcome.status).toBe(503);
        expect(outcome.headers?.['retry-after']).toBe('1');
      }
    }

    // It arrives after the signal: refused before any work, in the API's shape, and told to come again.
    lateComer.write(secondHalf);
    const [refusal, ...more] = await lateComer.answers;
    expect(more).toEqual([]);
    expect(refusal?.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(refusal?.head).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(refusal?.head).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(refusal?.body ?? '{}')).toEqual({ detail: expect.stringContaining('try again') });

    await new Promise((resolve) => setTimeout(resolve, 300));
    await locker.query('commit');
    const outcomes = await Promise.all(requests);
    expect(outcomes.map((outcome) => outcome.status ?? outcome.error)).toEqual(outcomes.map(() => 200));
    // The clients keep their connections; the server closes them with the answers and exits.
    const released = Date.now();
    expect(await server.exited).toBe(0);
    expect(Date.now() - released).toBeLessThan(3000);
    agent.destroy();
    expect(server.logs().filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

const inboxRequest = (token: string) =>
  `GET /api/referrals/?box=inbox HTTP/1.1\r\nHost: referrals.test\r\nAuthorization: Bearer ${token}\r\n\r\n`;

/** A TCP connection to the server; `answers` resolves, once the server closes it, with what came back. */
function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const answers = new Promise<{ head: string; body: string }[]>((resolve) => {
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.split(/(?=HTTP\/1\.1 \d{3} )/).filter(Boolean);
      resolve(
        split.map((answer) => ({
          head: answer.split('\r\n\r\n')[0] ?? '',
          body: answer.split('\r\n\r\n')[1] ?? '',
        })),
      );
    });
  });
  return { write: (text: string) => socket.write(text), answers };
}

/** A request cut in two within its headers. */
const halves = (text: string) => [text.slice(0, 40), text.slice(40)] as const;

/** How many sessions wait for a lock, as pg_stat_activity shows them. */
async function waitingOnTheLock(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: number }>(
    `select count(*)::int as count from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rows[0]?.count ?? 0;
}

/** Asks `check` every 20 ms until it answers something truthy (then answers that), for up to 10 s. */
async function waitUntil<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
