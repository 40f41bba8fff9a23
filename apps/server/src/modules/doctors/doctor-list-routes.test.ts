import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import { hashPassword } from '../auth/passwords.ts';

describe('the specialty and profession lists', () => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof signedInAs>>;
  beforeAll(async () => {
    t = await buildTestApp();
    const user = await createUser(t.database.db, { password_hash: await hashPassword('lists-password') });
    api = await signedInAs(t.app, user.email, 'lists-password');
  });
  afterAll(() => t.app.close());

  it('offers the 39 specialties as coded values', async () => {
    const res = await api('GET', '/api/doctors/specialties/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(39);
    expect(res.json()[0]).toEqual({ value: 'MEDICAL', display: 'Medical (general)' });
  });

  it('offers the professions, and neither list without signing in', async () => {
    expect((await api('GET', '/api/doctors/professions/')).json()).toContainEqual({
      value: 'PODIATRY',
      display: 'Podiatry',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/doctors/specialties/' })).statusCode).toBe(401);
  });
});
