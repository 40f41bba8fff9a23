import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loggerOptions } from './logging.ts';
import { createEstablishment } from './db/factories/factories.ts';
import { signedInPerson, type Person } from './modules/establishments/establishment-test-people.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { asOwner } from '../test/test-database.ts';

describe('the server log when a patient write fails', () => {
  let t: TestApp;
  let gp: Person;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { logTo: { write: (line) => void lines.push(line) } });
    gp = await signedInPerson(t.app, t.database.db, { at: (await createEstablishment(t.database.db)).id });
    // The database refuses the row and quotes the patient back, as a constraint's detail does.
    await asOwner(t.database, async (tx) => {
      await tx.execute(sql`create function refuse_patient() returns trigger language plpgsql as $$
        begin
          raise exception 'refused %', new.last_name using errcode = 'P0001', detail = new.first_name;
        end $$`);
      await tx.execute(sql`create trigger refuse_patient before insert on patients
        for each row execute function refuse_patient()`);
    });
  });
  afterAll(async () => {
    await asOwner(t.database, (tx) => tx.execute(sql`drop function refuse_patient() cascade`));
    await t.app.close();
  });

  it('names the request, the route, the error class and the database code, and nothing of the patient', async () => {
    const res = await gp.api('POST', '/api/patients/?search=Quartermaine', {
      first_name: 'Zebedee',
      last_name: 'Quartermaine',
      dob: '1948-02-29',
      medicare_no: '2953 11767 1',
    });
    expect(res.statusCode).toBe(500);
    const requestId = res.json<{ request_id: string }>().request_id;

    // Request ids and timings are random or clock digits: one may hold '2953' by chance, so they go first.
    const log = lines
      .join('')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
      .replace(/"(time|responseTime|pid)":[\d.]+/g, '"$1":0');
    for (const patientData of ['Zebedee', 'Quartermaine', '1948-02-29', '2953', '11767'])
      expect(log).not.toContain(patientData);
    const failure = lines
      .map((line) => JSON.parse(line) as { msg: string; reqId: string; route: string; err: unknown })
      .find((entry) => entry.msg === 'request failed');
    expect(failure).toMatchObject({
      reqId: requestId,
      route: '/api/patients/',
      err: { type: 'DrizzleQueryError', cause: { code: 'P0001' } },
    });
  });
});

describe('request logs', () => {
  const options = loggerOptions('info') as {
    serializers: { req: (req: object) => Record<string, unknown> };
    redact: { paths: string[] };
  };

  it('leave out the query string, where patient searches travel', () => {
    const logged = options.serializers.req({
      id: 'r1',
      method: 'GET',
      url: '/api/patients/?keyword=Watson&dob=1987-04-12',
    });
    expect(logged).toEqual({ id: 'r1', method: 'GET', path: '/api/patients/' });
    expect(JSON.stringify(logged)).not.toContain('Watson');
  });

  it('redact credentials and tokens', () => {
    expect(options.redact.paths).toEqual(
      expect.arrayContaining([
        'req.headers.authorization',
        'req.headers.cookie',
        '*.access_token',
        '*.refresh_token',
      ]),
    );
  });
});
