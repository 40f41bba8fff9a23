import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_DETAIL } from '@referrals/domain/api';
import {
  EXPECTED_END_PAST_MESSAGE,
  MaintenanceSchema,
  MaintenanceStatusSchema,
} from '@referrals/domain/maintenance/maintenance-schemas';
import type { DatabaseHandle } from '../../db/database.ts';
import { createEstablishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { maintenanceSwitch } from '../../db/schema/maintenance.ts';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '../../http/maintenance.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { asOwner } from '../../../test/test-database.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { MAINTENANCE_CHANGED } from './switch-maintenance.ts';
import { statusWithin } from '../../../test/status-within.ts';
import { secondApp } from '../../../test/second-app.ts';

const SWITCH = '/api/platform/maintenance/';
const STATUS = '/api/public/maintenance/';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** The switch as the administrator reads it now, for its version. */
async function read(admin: Person) {
  const res = await admin.api('GET', SWITCH);
  expect(res.statusCode).toBe(200);
  return MaintenanceSchema.parse(res.json());
}

function expectDown(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
}

// Issue 32: a platform administrator takes the service down for maintenance and back up, at run time.
describe('the platform administrators’ maintenance switch', () => {
  let t: TestApp;
  let admin: Person;
  let gp: Person;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signedInPerson(t.app, t.database.db, { user: { role: 'PM', is_platform_admin: true } });
    const practice = await createEstablishment(t.database.db);
    gp = await signedInPerson(t.app, t.database.db, { user: { role: 'GP' }, at: practice.id });
  });
  afterEach(async () => {
    // Each test starts with the service up, whatever the one before left.
    await t.database.db.delete(maintenanceSwitch);
  });
  afterAll(() => t.app.close());

  it('is off before anyone switched it, and only the platform administrators may see or use it', async () => {
    expect(MaintenanceStatusSchema.parse((await get(STATUS)).json())).toEqual({
      maintenance: false,
      source: null,
      message: null,
      expected_end: null,
    });
    expect(await read(admin)).toMatchObject({ maintenance: false, switched_at: null, version: 0 });
    expect((await gp.api('GET', SWITCH)).statusCode).toBe(403);
    expect((await gp.api('PUT', SWITCH, { maintenance: true })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: SWITCH, payload: { maintenance: true } })).statusCode,
    ).toBe(401);
    expect(await t.database.db.select().from(maintenanceSwitch)).toEqual([]);
    expect((await gp.api('GET', '/api/referrals/?box=inbox')).statusCode).toBe(200);
  });

  it('switched on, answers 503 with Retry-After to everyone but what an administrator needs to switch it off', async () => {
    const expectedEnd = inAnHour();
    const on = await admin.api('PUT', SWITCH, {
      maintenance: true,
      message: 'Moving to a bigger database.',
      expected_end: expectedEnd,
      version: 0,
    });
    expect(on.statusCode).toBe(200);
    expect(MaintenanceSchema.parse(on.json())).toMatchObject({
      maintenance: true,
      message: 'Moving to a bigger database.',
      switched_by: { id: admin.user.id },
      version: 1,
    });
    expect(Date.parse(on.json<{ expected_end: string }>().expected_end)).toBe(Date.parse(expectedEnd));

    // The API and the FHIR API, the administrator's own calls too.
    for (const call of [
      gp.api('GET', '/api/referrals/?box=inbox'),
      gp.api('POST', '/api/patients/', {}),
      gp.api('PATCH', '/api/profile/', {}),
      admin.api('GET', '/api/platform/establishments/'),
      get('/api/public/establishments/'),
      get('/fhir/metadata'),
    ]) {
      const res = await call;
      expectDown(res);
    }
    expect((await gp.api('GET', '/api/notifications/')).json()).toEqual({ detail: MAINTENANCE_DETAIL });

    // What still answers: the health check and the page's status say so; signing in, the profile (the web
    // app's proof of who is signed in), signing out and the switch itself.
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', maintenance: true });
    expect((await get(STATUS)).json()).toEqual({
      maintenance: true,
      source: 'switch',
      message: 'Moving to a bigger database.',
      expected_end: on.json<{ expected_end: string }>().expected_end,
    });
    const another = await signedInPerson(t.app, t.database.db, {
      user: { role: 'PM', is_platform_admin: true },
    });
    expect((await another.api('GET', '/api/profile/')).json()).toMatchObject({ is_platform_admin: true });
    expect((await gp.api('GET', '/api/profile/')).statusCode).toBe(200);
    expect((await another.api('GET', SWITCH)).json()).toMatchObject({ maintenance: true, version: 1 });
    expect((await another.api('POST', '/api/profile/logout/')).statusCode).toBe(204);
    expect((await get('/api/openapi.json')).statusCode).toBe(200);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'maintenance.switch-on'), eq(auditLog.actor_id, admin.user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      resource_type: 'maintenance_switch',
      outcome: 'success',
      detail: { was_on: false, message: 'Moving to a bigger database.', expected_end: expectedEnd },
    });
  });

  it('switched off by the administrator, answers again at once, with the note cleared; audited', async () => {
    await admin.api('PUT', SWITCH, { maintenance: true, message: 'Back soon.' });
    expectDown(await gp.api('GET', '/api/referrals/?box=inbox'));
    const { version } = await read(admin);

    const off = await admin.api('PUT', SWITCH, { maintenance: false, version });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      maintenance: false,
      message: null,
      expected_end: null,
      version: version + 1,
    });
    expect((await gp.api('GET', '/api/referrals/?box=inbox')).statusCode).toBe(200);
    expect((await get('/api/health')).json()).toMatchObject({ maintenance: false });
    expect((await get(STATUS)).json()).toMatchObject({ maintenance: false, source: null, message: null });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'maintenance.switch-off'));
    expect(audit.at(-1)).toMatchObject({ actor_id: admin.user.id, detail: { was_on: true } });
  });

  it('refuses a switch made on a stale read (409) and an expected end already gone (400), changing nothing', async () => {
    const { version } = await read(admin);
    await admin.api('PUT', SWITCH, { maintenance: true, version });
    const stale = await admin.api('PUT', SWITCH, { maintenance: false, version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: MAINTENANCE_CHANGED });
    expectDown(await gp.api('GET', '/api/referrals/?box=inbox'));

    await admin.api('PUT', SWITCH, { maintenance: false });
    const past = await admin.api('PUT', SWITCH, {
      maintenance: true,
      expected_end: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ expected_end: [EXPECTED_END_PAST_MESSAGE] });
    const bad = await admin.api('PUT', SWITCH, { maintenance: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await read(admin)).maintenance).toBe(false);
  });

  it('is remembered, not read on every request: a change nobody announced goes unseen', async () => {
    await admin.api('PUT', SWITCH, { maintenance: true });
    // On PostgreSQL each pooled connection hears the switch, the others a moment after the one that wrote,
    // and a read one of those overlaps is not kept: the read after them is.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expectDown(await gp.api('GET', '/api/referrals/?box=inbox'));
    // By hand, with the announcing trigger set aside: the process keeps what it was told.
    await asOwner(t.database, async (tx) => {
      await tx.execute(sql`alter table maintenance_switch disable trigger maintenance_switch_changes`);
      await tx.update(maintenanceSwitch).set({ switched_on: false });
      await tx.execute(sql`alter table maintenance_switch enable trigger maintenance_switch_changes`);
    });
    expectDown(await gp.api('GET', '/api/referrals/?box=inbox'));
    // The same change announced is obeyed on the next request.
    await t.database.db.update(maintenanceSwitch).set({ switched_on: false });
    expect((await gp.api('GET', '/api/referrals/?box=inbox')).statusCode).toBe(200);
  });
});

describe('with FEATURE_MAINTENANCE, the environment wins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ FEATURE_MAINTENANCE: 'on' });
  });
  afterAll(() => t.app.close());

  it('refuses the switch too, and the page’s status names the environment', async () => {
    const res = await t.app.inject({ method: 'PUT', url: SWITCH, payload: { maintenance: false } });
    expectDown(res);
    expectDown(await t.app.inject({ method: 'GET', url: '/api/profile/' }));
    expect((await t.app.inject({ method: 'GET', url: STATUS })).json()).toEqual({
      maintenance: true,
      source: 'environment',
      message: null,
      expected_end: null,
    });
  });
});

// Two server processes need two connections to a server; the embedded database has one session.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'two server processes on one PostgreSQL database',
  () => {
    let a: TestApp;
    let databaseB: DatabaseHandle;
    let appB: FastifyInstance;
    let admin: Person;
    let gp: Person;
    beforeAll(async () => {
      a = await buildTestApp();
      // Process B: a second server on the same database.
      ({ app: appB, database: databaseB } = await secondApp());
      admin = await signedInPerson(a.app, a.database.db, { user: { role: 'PM', is_platform_admin: true } });
      const practice = await createEstablishment(a.database.db);
      gp = await signedInPerson(a.app, a.database.db, { user: { role: 'GP' }, at: practice.id });
    });
    afterAll(async () => {
      await a.database.db.delete(maintenanceSwitch);
      await appB.close();
      await databaseB.close();
      await a.app.close();
    });

    const inB = (person: Person, method: 'GET' | 'PUT', url: string, payload?: object) => () =>
      appB.inject({
        method,
        url,
        headers: { authorization: `Bearer ${person.token}` },
        ...(payload ? { payload } : {}),
      });

    it('a switch made through A holds on B at once, and B can end it for A', async () => {
      // B has read the switch (off) and remembers it.
      expect(await statusWithin(2000, 200, inB(gp, 'GET', '/api/referrals/?box=inbox'))).toBe(200);
      expect((await admin.api('PUT', SWITCH, { maintenance: true, message: 'Upgrading.' })).statusCode).toBe(
        200,
      );
      expect(await statusWithin(1000, 503, inB(gp, 'GET', '/api/referrals/?box=inbox'))).toBe(503);
      expect((await appB.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        maintenance: true,
      });
      expect((await appB.inject({ method: 'GET', url: STATUS })).json()).toMatchObject({
        message: 'Upgrading.',
      });

      const off = await inB(admin, 'PUT', SWITCH, { maintenance: false })();
      expect(off.statusCode).toBe(200);
      expect(await statusWithin(1000, 200, () => gp.api('GET', '/api/referrals/?box=inbox'))).toBe(200);
      expect((await a.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        maintenance: false,
      });
    });
  },
);
