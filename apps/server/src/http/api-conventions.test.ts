import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { conflict } from './api-errors.ts';

describe('API conventions: every answer from /api/ is JSON in the documented shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        withRoutes: (app) => {
          const typed = app.withTypeProvider<ZodTypeProvider>();
          typed.post(
            '/api/test/carers/',
            {
              schema: {
                body: z.object({
                  first_name: z.string().min(1),
                  carers: z.array(z.object({ email: z.email('Enter a valid email address.') })),
                }),
              },
            },
            () => ({ ok: true }),
          );
          typed.get('/api/test/boom/', () => {
            throw new Error('secret internal detail at /srv/app.ts:12');
          });
          typed.post('/api/test/stale/', () => {
            throw conflict('This referral was changed by someone else.', {
              value: 'ACPT',
              display: 'Accepted',
            });
          });
        },
      },
    );
  });
  afterAll(() => t.app.close());

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers an id too long to be anything with the JSON 404 of an unknown one, and an undecodable path with a JSON 400', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/patients/${'x'.repeat(2000)}/` });
    expect(long.statusCode).toBe(404);
    expect(long.headers['content-type']).toMatch(/^application\/json/);
    expect(long.json()).toEqual({ detail: 'Not found.' });
    const undecodable = await t.app.inject({ method: 'GET', url: '/api/patients/%E0%A4%A/' });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({ non_field_errors: ['The address is not valid.'] });
  });

  it('answers a known path with the wrong method with a 405 naming the method', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
  });

  it('answers a malformed JSON body with a JSON 400, not HTML', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/carers/',
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": "Ann",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().non_field_errors[0]).toMatch(/^JSON parse error/);
  });

  it('reports validation errors per field, nested for lists, DRF style', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/carers/',
      payload: { first_name: '', carers: [{ email: 'ok@example.com' }, { email: 'not-an-email' }] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['carers', 'first_name']);
    expect(body.first_name).toHaveLength(1);
    expect(body.carers).toEqual([{}, { email: ['Enter a valid email address.'] }]);
  });

  it('hides a server error behind a generic message with the request id, never a stack', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom/',
      // A client cannot choose the id its request is logged and audited under.
      headers: { 'x-request-id': 'req-123' },
    });
    expect(res.statusCode).toBe(500);
    const requestId = String(res.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({ detail: expect.stringContaining('server error'), request_id: requestId });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts:');
  });

  it('answers a lost concurrent change with 409 and the current status', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/stale/' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'This referral was changed by someone else.',
      status: { value: 'ACPT', display: 'Accepted' },
    });
  });

  it('gives every response a request id and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Only the app's own blobs (the print view's letter) may be framed.
    expect(res.headers['content-security-policy']).toContain("frame-src 'self' blob:");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
