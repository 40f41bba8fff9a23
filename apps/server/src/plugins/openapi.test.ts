import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { PROFILE_IMAGE_TYPES } from '@referrals/domain/files/content-type';
import { createEstablishment, createPatient } from '../db/factories/factories.ts';
import { signedInPerson } from '../modules/establishments/establishment-test-people.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

type Operation = {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

/** Every operation of the served document as `METHOD /path/:param/` with its description. */
async function servedOperations(t: TestApp): Promise<[string, Operation][]> {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]): [string, Operation] => [
      `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      op,
    ]),
  );
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('is valid OpenAPI 3.1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every API route the server answers', async () => {
    const documented = new Set((await servedOperations(t)).map(([route]) => route));
    const served = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.hidden && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(served).toContain('GET /api/health');
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('names every operation with its own camelCase operationId', async () => {
    const operations = await servedOperations(t);
    const ids = operations.map(([, op]) => op.operationId);
    const unnamed = operations.filter(([, op]) => !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId ?? ''));
    expect(unnamed.map(([route]) => route)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(Object.fromEntries(operations)['GET /api/patients/']?.operationId).toBe('listPatients');
  });

  it('documents the 4xx answers of every operation that can be refused, and 401 wherever sign-in is needed', async () => {
    const access = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    const operations = await servedOperations(t);
    const statuses = (op: Operation) => Object.keys(op.responses);
    // A public operation without parameters or body (the health check) has nothing to refuse.
    const refusable = operations.filter(
      ([route, op]) => access.get(route) !== 'public' || op.parameters !== undefined || op.requestBody,
    );
    expect(refusable.length).toBeGreaterThan(70);
    expect(
      refusable.filter(([, op]) => !statuses(op).some((s) => s.startsWith('4'))).map(([r]) => r),
    ).toEqual([]);
    const signedIn = operations.filter(([route]) => access.get(route) !== 'public');
    expect(signedIn.filter(([, op]) => !statuses(op).includes('401')).map(([r]) => r)).toEqual([]);
    const ruled = operations.filter(([route]) => typeof access.get(route) === 'object');
    expect(ruled.filter(([, op]) => !statuses(op).includes('403')).map(([r]) => r)).toEqual([]);
  });

  it('documents what the versioned writes answer: 428 without the version read, 409 with a stale one', async () => {
    const db = t.database.db;
    const place = (await createEstablishment(db)).id;
    const gp = await signedInPerson(t.app, db, { at: place });
    const patient = await createPatient(db, { establishment_id: place });
    const carers = `/api/patients/${patient.id}/carers/`;
    const carer = (await gp.api('POST', carers, { carer_type: 2, first_name: 'Al', last_name: 'Ng' })).json<{
      id: string;
      version: number;
    }>();
    const answers: [string, number][] = [];
    for (const method of ['PUT', 'PATCH'] as const) {
      for (const [route, url, stale] of [
        ['/api/patients/:id/', `/api/patients/${patient.id}/`, patient.version + 5],
        ['/api/patients/:id/carers/:carerId/', `${carers}${carer.id}/`, carer.version + 5],
        ['/api/profile/', '/api/profile/', 99],
      ] as const) {
        const body = { first_name: 'Alex', last_name: 'Ng', dob: '1980-02-03' };
        answers.push([`${method} ${route}`, (await gp.api(method, url, body)).statusCode]);
        answers.push([
          `${method} ${route}`,
          (await gp.api(method, url, { ...body, version: stale })).statusCode,
        ]);
      }
    }
    expect(new Set(answers.map(([, status]) => status))).toEqual(new Set([428, 409]));
    const operations = Object.fromEntries(await servedOperations(t));
    const undocumented = answers.filter(([route, status]) => !operations[route]?.responses[String(status)]);
    expect(undocumented).toEqual([]);
  });

  it('describes the image routes as binary images in, and binary images out', async () => {
    const operations = Object.fromEntries(await servedOperations(t));
    const binary = { type: 'string', format: 'binary' };
    const images = Object.fromEntries(PROFILE_IMAGE_TYPES.map((type) => [type, { schema: binary }]));
    for (const route of [
      'GET /api/profile/avatar-image/',
      'GET /api/profile/signature-image/',
      'GET /api/public/establishments/:id/branding-logo/',
    ]) {
      expect(operations[route]?.responses['200']?.content, route).toEqual(images);
    }
    for (const route of [
      'POST /api/profile/avatar-image/',
      'POST /api/profile/signature-image/',
      'POST /api/establishments/:id/branding-logo/',
    ]) {
      expect(operations[route]?.requestBody?.content, route).toEqual({
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: binary }, required: ['file'] },
        },
      });
    }
  });

  it('is rendered for people at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
