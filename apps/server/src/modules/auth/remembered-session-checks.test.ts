import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { queryRows, type DatabaseHandle } from '../../db/database.ts';
import { createEmployment, createEstablishment, createPatient } from '../../db/factories/factories.ts';
import { employments } from '../../db/schema/people.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { workerDatabaseUrl } from '../../../test/test-database.ts';
import { endSession, rememberedChecksOf } from './auth-sessions.ts';
import { statusWithin } from '../../../test/status-within.ts';
import { secondApp } from '../../../test/second-app.ts';

const grantOf = (person: Person) => String(decodeJwt(person.token).gid);

/**
 * Calls until the check is remembered. On PostgreSQL every pooled connection tells of the set-up's
 * changes, the others a moment after the one that wrote, and a call that one of those overlaps reads again.
 */
async function untilRemembered(call: () => Promise<unknown>) {
  let remembered: unknown;
  for (let calls = 0; calls < 5 && !remembered; calls++) remembered = await call();
  expect(remembered).toBeDefined();
}
/** The last names of the patients the caller's current establishment finds for "Whit". */
const patientsFound = async (person: Person) => {
  const res = await person.api('GET', '/api/patients/?keyword=Whit');
  expect(res.statusCode).toBe(200);
  return res.json<{ results: { last_name: string }[] }>().results.map((patient) => patient.last_name);
};

// Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL): the server remembers a session's check between
// calls (session-check-cache.ts) and must still answer every call as a fresh read would.
describe('a remembered session check is forgotten by the change that makes it wrong', () => {
  let t: TestApp;
  let harbourside: string;
  let northShore: string;
  beforeAll(async () => {
    t = await buildTestApp();
    harbourside = (await createEstablishment(t.database.db)).id;
    northShore = (await createEstablishment(t.database.db)).id;
    await createPatient(t.database.db, { establishment_id: harbourside, last_name: 'Whitfield' });
    await createPatient(t.database.db, { establishment_id: northShore, last_name: 'Whitaker' });
  });
  afterAll(() => t.app.close());

  const remembered = (person: Person) => rememberedChecksOf(t.app.database).recall(grantOf(person));
  /** A GP at Harbourside (primary) who also works at North Shore, after calls that left the check remembered. */
  async function rememberedGp(): Promise<Person> {
    const gp = await signedInPerson(t.app, t.database.db, { at: harbourside });
    await createEmployment(t.database.db, { user_id: gp.user.id, establishment_id: northShore, priority: 2 });
    await untilRemembered(async () => {
      expect(await patientsFound(gp)).toEqual(['Whitfield']);
      return remembered(gp);
    });
    return gp;
  }

  it('refuses a signed-out session on the very next call', async () => {
    const gp = await rememberedGp();
    expect((await gp.api('POST', '/api/profile/logout/')).statusCode).toBe(204);
    expect((await gp.api('GET', '/api/patients/?keyword=Whit')).statusCode).toBe(401);
  });

  it('refuses a session ended by someone else on the very next call', async () => {
    const gp = await rememberedGp();
    await endSession(t.database.db, grantOf(gp));
    expect((await gp.api('GET', '/api/patients/?keyword=Whit')).statusCode).toBe(401);
  });

  it('acts for the establishment the user just switched to', async () => {
    const gp = await rememberedGp();
    const res = await gp.api('POST', '/api/profile/set-establishment/', { establishment_id: northShore });
    expect(res.statusCode).toBe(200);
    expect(await patientsFound(gp)).toEqual(['Whitaker']);
  });

  it('stops acting for an establishment the moment the employment there ends', async () => {
    const gp = await rememberedGp();
    await gp.api('POST', '/api/profile/set-establishment/', { establishment_id: northShore });
    await untilRemembered(async () => {
      expect(await patientsFound(gp)).toEqual(['Whitaker']);
      return remembered(gp);
    });
    await t.database.db
      .delete(employments)
      .where(and(eq(employments.user_id, gp.user.id), eq(employments.establishment_id, northShore)));
    expect(await patientsFound(gp)).toEqual(['Whitfield']);
  });
});

// Two server processes need two connections to a server; the embedded database has one session.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'two server processes on one PostgreSQL database',
  () => {
    let a: TestApp;
    let databaseB: DatabaseHandle;
    let appB: FastifyInstance;
    let place: string;
    let other: pg.Client;
    beforeAll(async () => {
      a = await buildTestApp();
      // Process B: a second server on the same database.
      ({ app: appB, database: databaseB } = await secondApp());
      place = (await createEstablishment(a.database.db)).id;
      await createPatient(a.database.db, { establishment_id: place, last_name: 'Whitlam' });
      // A third process's connection, for changes neither server makes.
      other = new pg.Client({ connectionString: workerDatabaseUrl() });
      await other.connect();
    });
    afterAll(async () => {
      await other.end();
      await appB.close();
      await databaseB.close();
      await a.app.close();
    });

    const inB = (person: Person) => () =>
      appB.inject({
        method: 'GET',
        url: '/api/patients/?keyword=Whit',
        headers: { authorization: `Bearer ${person.token}` },
      });
    /** Signed in through A, with the session's check remembered by B. */
    async function rememberedByB(): Promise<Person> {
      const gp = await signedInPerson(a.app, a.database.db, { at: place });
      await untilRemembered(async () => {
        expect((await inB(gp)()).statusCode).toBe(200);
        return rememberedChecksOf(databaseB).recall(grantOf(gp));
      });
      return gp;
    }

    it('refuses in B, within 2 s, a session signed out through A', async () => {
      const gp = await rememberedByB();
      expect((await gp.api('POST', '/api/profile/logout/')).statusCode).toBe(204);
      expect(await statusWithin(2000, 401, inB(gp))).toBe(401);
    });

    it('after B’s listening connection is cut, trusts nothing it remembered and hears changes again', async () => {
      const gp = await rememberedByB();
      const [connection] = await queryRowsOf(databaseB);
      await other.query('select pg_terminate_backend($1)', [connection]);
      // B hears of the lost connection from its socket; until then it cannot know it missed anything.
      const started = Date.now();
      while (databaseB.callerChanges.live() && Date.now() - started < 2000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(databaseB.callerChanges.live()).toBe(false);
      // Nobody listens for B now, so B is never told of this.
      await other.query('update auth_sessions set ended_at = now() where grant_id = $1', [grantOf(gp)]);
      // B listens again on its next connection (the health check's), yet must not trust what it remembered.
      expect((await appB.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(databaseB.callerChanges.live()).toBe(true);
      expect((await inB(gp)()).statusCode).toBe(401);

      const next = await rememberedByB();
      expect((await next.api('POST', '/api/profile/logout/')).statusCode).toBe(204);
      expect(await statusWithin(2000, 401, inB(next))).toBe(401);
    });
  },
);

/** The process id of the one connection B's pool holds. */
async function queryRowsOf(database: DatabaseHandle): Promise<number[]> {
  const rows = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
  return rows.map((row) => row.pid);
}
