import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createEstablishment, createPatient } from './factories/factories.ts';
import type { DatabaseHandle } from './database.ts';
import { openRuntimeDatabase } from './runtime-role.ts';
import { signedInPerson, type Person } from '../modules/establishments/establishment-test-people.ts';
import { openScratchDatabase, workerDatabaseUrl } from '../../test/test-database.ts';

const CLIENTS = 30;

/** What 30 signed-in clients reading patients get back while `disrupt` runs, by status. */
async function readWhile(gp: Person, disrupt: () => Promise<void>): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let reading = true;
  const client = async () => {
    while (reading) {
      const res = await gp.api('GET', '/api/patients/?keyword=Whit');
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 503) expect(res.headers['retry-after']).toBe('5');
      // A real client's next request arrives on a socket. Injected ones answered without any I/O (a closed
      // PGlite rejects at once, a known token needs no crypto) would run as one endless chain of
      // microtasks, and the timers that cut the connections would never fire.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  try {
    await disrupt();
  } finally {
    reading = false;
    await Promise.all(clients);
  }
  return statuses;
}

describe('the server when its database goes away', () => {
  let owner: DatabaseHandle;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let gp: Person;

  beforeAll(async () => {
    owner = await openScratchDatabase();
    database = await openRuntimeDatabase(owner);
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://referrals.test' });
    app = await buildApp(config, { database });
    await app.ready();
    const establishment = await createEstablishment(owner.db);
    await createPatient(owner.db, { establishment_id: establishment.id, last_name: 'Whitfield' });
    gp = await signedInPerson(app, owner.db, { at: establishment.id });
  });
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => undefined);
    if (owner !== database) await owner.close().catch(() => undefined);
  });

  // An unhandled 'error' event would crash the test worker, which vitest reports as a failure.
  it('keeps serving: no 500 and no crash while connections are cut, 503 with Retry-After at worst', async () => {
    if (owner.kind === 'postgres') {
      // What a failover or restart does to every open connection, three times under load.
      const killer = new pg.Client({ connectionString: workerDatabaseUrl() });
      await killer.connect();
      const statuses = await readWhile(gp, async () => {
        for (let round = 0; round < 3; round++) {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await killer.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await killer.end();
      expect(statuses.get(500) ?? 0).toBe(0);
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      // Back to normal at once once the database is.
      const started = Date.now();
      let res = await gp.api('GET', '/api/patients/?keyword=Whit');
      while (res.statusCode !== 200 && Date.now() - started < 2000)
        res = await gp.api('GET', '/api/patients/?keyword=Whit');
      expect(res.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } else {
      // The embedded database has no connection to lose; it can only close under the server.
      const statuses = await readWhile(gp, async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        await database.close();
        await new Promise((resolve) => setTimeout(resolve, 200));
      });
      expect(statuses.get(500) ?? 0).toBe(0);
      expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    }
  });
});
