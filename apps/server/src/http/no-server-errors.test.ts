import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/factories/factories.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { SignInClient } from '../../test/sign-in-client.ts';

// Client mistakes get a 4xx, never a 500: every API route, fed junk, signed out and signed in.
describe('no route answers a client mistake with a server error', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const user = await createUser(t.database.db, { password_hash: await hashPassword('junk-test-password') });
    token = String(
      (await new SignInClient(t.app).signIn(user.email, 'junk-test-password')).json().access_token,
    );
  });
  afterAll(() => t.app.close());

  const junkBodies = [
    { payload: '{"unterminated": ', headers: { 'content-type': 'application/json' } },
    {
      payload: JSON.stringify({ x: [1, { y: null }], email: 42, version: 'one', practices: 'all' }),
      headers: { 'content-type': 'application/json' },
    },
    { payload: JSON.stringify([1, 2, 3]), headers: { 'content-type': 'application/json' } },
    { payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { payload: 'plain words', headers: { 'content-type': 'text/plain' } },
  ];

  it('holds for every documented API route', async () => {
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.hidden && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const route of routes) {
      const url = `${route.url.replace(/:(\w+)/g, 'not-an-id')}?page=-1&page_size=abc&validate=maybe&keyword=${'%'.repeat(3)}`;
      for (const auth of [
        {},
        { authorization: `Bearer ${token}` },
        { authorization: 'Bearer junk.junk.junk' },
      ]) {
        for (const body of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : junkBodies) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...auth, ...(body?.headers ?? {}) },
            ...(body ? { payload: body.payload } : {}),
          });
          if (res.statusCode >= 500)
            failures.push(`${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
