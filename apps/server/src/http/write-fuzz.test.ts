import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '@referrals/domain/people/people-codes';
import {
  createEmployment,
  createEstablishment,
  createPatient,
  createUser,
} from '../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../modules/establishments/establishment-test-people.ts';

/**
 * Issue 11, section 4: whatever a client sends to a write route, the answer is a success or one of the
 * documented client errors, never a 5xx. Random JSON, bodies shaped like the route's own fields (from the
 * OpenAPI document, so a new field is fuzzed without touching this file) with wrong values, odd dates,
 * huge numbers and strings, cut-off JSON and multipart bodies and odd content types, sent by an account
 * holder with an approved employment so that bodies get past sign-in and reach validation and handlers.
 * FUZZ_SEED and FUZZ_RUNS replay or widen a run; a failure prints its seed, path and request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
const ALLOWED = new Set([400, 401, 403, 404, 409, 413, 415, 428, 429]);
const allowed = (status: number) => (status >= 200 && status < 300) || ALLOWED.has(status);

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type OpenApi = {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>
  >;
};

const hugeText = fc.constantFrom('x'.repeat(100_000), '9'.repeat(100_000), 'é'.repeat(30_000));
const oddDate = fc.constantFrom(
  // Calendar dates in year 0, which PostgreSQL does not have.
  '0000-01-01',
  '0000-02-29',
  '0000-12-31',
  '0001-01-01',
  '9999-12-31',
  '2026-02-30',
  '2025-02-29',
  '+275760-09-13',
  '-000001-01-01',
  '99999-01-01',
  '2026-13-01',
  '2026-1-1',
  '31/12/2026',
  '00/0000',
  '13/2029',
  '2026-11-23T10:15:00+11:00',
  '1970-01-01T00:00:00Z',
);
const oddNumber = fc.oneof(
  fc.integer(),
  // Past a 4-byte integer, where a database column overflows.
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, 2 ** 63, 1e308, -1e308, 5e-324),
);
const numberLikeText = fc.constantFrom(
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '9'.repeat(400),
  '1.5',
  ' 7 ',
);
const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '%', '%00', "'; drop table patients; --", '\uD800', 'null'),
  numberLikeText,
  hugeText,
);
const leaf: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  oddNumber,
  oddDate,
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
);
const { anyJson } = fc.letrec<{ anyJson: unknown }>((tie) => ({
  anyJson: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('anyJson'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('anyJson'), { maxKeys: 4 }),
  ),
}));

/** Stands for "the version the caller last read", filled in just before sending. */
const CURRENT_VERSION = Symbol('current version');

/** Values for a field of this JSON schema: plausible ones (so other fields get checked) and wrong ones. */
function shaped(
  schema: JsonSchema | undefined,
  components: Record<string, JsonSchema>,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = schema?.$ref ? components[schema.$ref.split('/').pop() ?? ''] : schema;
  if (s === undefined || depth > 3) return anyJson;
  const options: fc.Arbitrary<unknown>[] = [leaf];
  for (const alternative of [...(s.anyOf ?? []), ...(s.oneOf ?? [])])
    options.push(shaped(alternative, components, depth + 1));
  if (s.enum?.length) options.push(fc.constantFrom(...s.enum));
  const types = [s.type ?? []].flat();
  if (types.includes('string')) options.push(s.format === 'date' ? oddDate : oddText);
  if (types.includes('integer') || types.includes('number')) options.push(oddNumber);
  if (types.includes('boolean')) options.push(fc.boolean());
  if (s.items) options.push(fc.array(shaped(s.items, components, depth + 1), { maxLength: 3 }));
  if (s.properties) options.push(shapedObject(s.properties, components, depth + 1));
  return fc.oneof(...options);
}

function shapedObject(
  properties: Record<string, JsonSchema>,
  components: Record<string, JsonSchema>,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const isDate = (schema: JsonSchema | undefined): boolean =>
    schema?.format === 'date' || [...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].some(isDate);
  const dates = Object.keys(properties).filter((name) => isDate(properties[name]));
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [
      name,
      name === 'version'
        ? fc.oneof(fc.constant(CURRENT_VERSION), oddNumber, leaf)
        : dates.includes(name)
          ? fc.oneof({ arbitrary: oddDate, weight: 3 }, shaped(schema, components, depth))
          : shaped(schema, components, depth),
    ]),
  );
  const names = Object.keys(fields);
  // A few fields (and the version read) leave one odd value alone to pass or fail validation, so a value
  // the schema lets through reaches the handler and the database; many fields test the schema as a whole.
  // Dates (the fields most likely to pass a schema and break the database) join the few more often.
  const few = fc
    .tuple(fc.subarray(names, { maxLength: Math.min(3, names.length) }), fc.subarray(dates))
    .map(([some, someDates]) => [...new Set([...some, ...someDates])])
    .chain((chosen) =>
      fc
        .record(Object.fromEntries(chosen.map((name) => [name, fields[name] ?? anyJson])))
        .map((body) =>
          'version' in fields && !('version' in body) ? { ...body, version: CURRENT_VERSION } : body,
        ),
    );
  return fc.oneof({ arbitrary: few, weight: 3 }, fc.record(fields, { requiredKeys: [] }));
}

const BOUNDARY = '----write-fuzz-boundary';
function multipartBody(fileName: string, fileType: string, content: string) {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${fileType}\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`;
}

/** How the body travels: JSON (whole or cut off), multipart (whole or cut off), other types, or none. */
type Sent = { payload?: string; contentType?: string };
function sentBodies(body: fc.Arbitrary<unknown>): fc.Arbitrary<(json: (value: unknown) => string) => Sent> {
  return fc.oneof(
    {
      arbitrary: body.map((value) => (json: (v: unknown) => string) => ({
        payload: json(value),
        contentType: 'application/json',
      })),
      weight: 6,
    },
    body.chain((value) =>
      fc.nat().map((cut) => (json: (v: unknown) => string) => {
        const text = json(value);
        return { payload: text.slice(0, cut % (text.length + 1)), contentType: 'application/json' };
      }),
    ),
    fc
      .record({
        fileName: fc.constantFrom('logo.png', 'a.svg', '', '../../etc/passwd', 'x'.repeat(300)),
        fileType: fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream', ''),
        content: fc.oneof(fc.constant('\x89PNG\r\n\x1a\n'), fc.string({ unit: 'binary', maxLength: 200 })),
        cut: fc.option(fc.nat(), { nil: undefined }),
        boundary: fc.constantFrom(`; boundary=${BOUNDARY}`, '', '; boundary=', '; boundary=other'),
      })
      .map(({ fileName, fileType, content, cut, boundary }) => () => {
        const text = multipartBody(fileName, fileType, content);
        return {
          payload: cut === undefined ? text : text.slice(0, cut % text.length),
          contentType: `multipart/form-data${boundary}`,
        };
      }),
    fc
      .record({
        contentType: fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'image/png',
          'application/json; charset=latin1',
          'bogus',
        ),
        payload: oddText,
      })
      .map((sent) => () => sent),
    fc.constant(() => ({})),
  );
}

describe('no write route answers a client mistake with a server error (fast-check)', () => {
  let t: TestApp;
  let caller: Person;
  let openApi: OpenApi;
  const ids: Record<string, string> = {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-write-fuzz-'));

  beforeAll(async () => {
    t = await buildTestApp({ DATA_DIR: dataDir });
    const db = t.database.db;
    const practice = await createEstablishment(db, { name: 'Fuzz Street Practice' });
    ids.establishment = practice.id;
    caller = await signedInPerson(t.app, db, {
      at: practice.id,
      user: { role: 'GP', current_establishment_id: practice.id },
      employment: { is_account_holder: true, permissions: [...permissions.codes] },
    });
    const employment = (await caller.api('GET', '/api/profile/')).json<{ employments: { id: string }[] }>();
    ids.employment = employment.employments[0]?.id ?? '';
    const staff = await createUser(db, { role: 'GP' });
    ids.staffUser = staff.id;
    ids.staffEmployment = (
      await createEmployment(db, {
        user_id: staff.id,
        establishment_id: practice.id,
        status: 'REQUESTED',
        priority: 2,
      })
    ).id;
    ids.patient = (await createPatient(db, { establishment_id: practice.id })).id;
    const created = async (url: string, body: object) => {
      const res = await caller.api('POST', url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
      return res.json<{ id: string }>().id;
    };
    ids.carer = await created(`/api/patients/${ids.patient}/carers/`, {
      carer_type: 2,
      first_name: 'Al',
      last_name: 'Ng',
    });
    ids.mrn = await created(`/api/patients/${ids.patient}/mrn/`, { number: 'MRN-1' });
    const doctor = {
      first_name: 'Grace',
      last_name: 'Okafor',
      role: 'SP',
      provider_type: 'CARDIOLOGY',
      practice_name: 'Harbour Heart',
      email: 'grace.okafor@heart.example',
      phone1: '(02) 9555 1234',
      postcode: '2000',
    };
    ids.doctor = await created('/api/doctors/invite/', doctor);
    ids.directoryDoctor = await created(`/api/directory/${practice.id}/doctors/`, { ...doctor, role: 'HCP' });
    ids.specialty = await created('/api/profile/specialties/', {
      priority: 1,
      practice: 'Cardiology',
      field: null,
    });
    openApi = (await t.app.inject({ url: '/api/openapi.json' })).json<OpenApi>();
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The real record a path parameter names, so bodies reach the handler and its queries. */
  function realId(url: string, param: string): string[] {
    if (param === 'carerId') return [ids.carer ?? ''];
    if (param === 'mrnId') return [ids.mrn ?? ''];
    if (param === 'est') return [ids.establishment ?? ''];
    const byPrefix: [string, string[]][] = [
      ['/api/patients/', [ids.patient ?? '']],
      ['/api/establishments/', [ids.establishment ?? '']],
      ['/api/profile/employments/', [ids.employment ?? '']],
      ['/api/profile/specialties/', [ids.specialty ?? '']],
      ['/api/admin/users/', [ids.staffUser ?? '', ids.staffEmployment ?? '']],
      ['/api/doctors/', [ids.doctor ?? '']],
      ['/api/directory/', [ids.directoryDoctor ?? '']],
    ];
    return byPrefix.find(([prefix]) => url.startsWith(prefix))?.[1] ?? [];
  }

  async function currentVersion(url: string): Promise<number | undefined> {
    const read = await caller.api('GET', url);
    const record = read.statusCode === 200 ? read.json<unknown>() : undefined;
    if (record !== null && typeof record === 'object' && 'version' in record) return Number(record.version);
    // A carer is read in its patient's list of carers.
    const id = url.split('/').filter(Boolean).pop();
    const list = await caller.api('GET', url.replace(/[^/]+\/$/, ''));
    const items = list.statusCode === 200 ? list.json<unknown>() : [];
    return Array.isArray(items)
      ? (items as { id: string; version: number }[]).find((i) => i.id === id)?.version
      : undefined;
  }

  // Routes that end the caller's session or standing run last, so they do not hide the others' answers.
  const STANDING = ['/employments/:id/', '/exit-registration/', '/set-establishment/', '/mfa/', '/logout/'];
  const rank = (route: { method: string; url: string }) =>
    route.url.endsWith('/logout/')
      ? 3
      : STANDING.some((part) => route.url.includes(part)) || route.method === 'DELETE'
        ? 2
        : 1;

  const writeRoutes = () =>
    t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      // Deeper paths first among the late ones: a carer is deleted before its patient.
      .sort((a, b) => rank(a) - rank(b) || (rank(a) > 1 ? b.url.length - a.url.length : 0));

  // Two halves of the one ordered list, in order (a file's tests run one after the other), each with its
  // own time: the run grows with every write route the product adds, at about a second a route.
  for (const half of [0, 1] as const) {
    it(
      `answers every write route with 2xx or a documented client error (${half === 0 ? 'first' : 'second'} half)`,
      { timeout: 180_000 },
      async () => {
        const all = writeRoutes();
        expect(all.length).toBeGreaterThan(40);
        const middle = Math.ceil(all.length / 2);
        await fuzzRoutes(half === 0 ? all.slice(0, middle) : all.slice(middle));
      },
    );
  }

  async function fuzzRoutes(routes: ReturnType<typeof writeRoutes>) {
    const components =
      (openApi as { components?: { schemas?: Record<string, JsonSchema> } }).components?.schemas ?? {};
    const failures: string[] = [];
    for (const route of routes) {
      const documented = openApi.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const schema = documented?.requestBody?.content?.['application/json']?.schema;
      // Mostly the route's own fields; sometimes anything at all.
      const own = schema?.properties
        ? shapedObject(schema.properties, components)
        : shaped(schema, components);
      const body = schema ? fc.oneof({ arbitrary: own, weight: 5 }, anyJson) : anyJson;
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
      const paramValues = fc.tuple(
        ...params.map((param) =>
          fc.oneof(
            { arbitrary: fc.constantFrom(...realId(route.url, param), 'not-an-id'), weight: 5 },
            fc.uuid(),
            fc.constantFrom('0', '-1', '99999999999999999999', '%00', 'x'.repeat(2000)),
          ),
        ),
      );
      const query = fc.constantFrom(
        '',
        '',
        '?validate=true',
        '?validate=maybe',
        '?page=99999999999999999999',
      );
      const result = await fc.check(
        fc.asyncProperty(paramValues, query, sentBodies(body), async (values, search, send) => {
          let i = 0;
          const url = route.url.replace(/:(\w+)/g, () => encodeURIComponent(values[i++] ?? ''));
          const version = await currentVersion(url);
          const sent = send((value) =>
            JSON.stringify(value, (_key, v: unknown) => (v === CURRENT_VERSION ? version : v)),
          );
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: `${url}${search}`,
            headers: {
              authorization: `Bearer ${caller.token}`,
              ...(sent.contentType ? { 'content-type': sent.contentType } : {}),
            },
            ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
          });
          if (!allowed(res.statusCode)) {
            throw new Error(
              `${route.method} ${url}${search} [${sent.contentType ?? 'no body'}] ${JSON.stringify(String(sent.payload).slice(0, 300))} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(
          `${route.method} ${route.url} (FUZZ_SEED=${result.seed}, path ${result.counterexamplePath}): ${String(result.errorInstance)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  }
});
