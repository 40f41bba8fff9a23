import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_MESSAGE } from '@referrals/domain/profile/platforms';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import { createUser, type User } from '../../db/factories/factories.ts';
import { users } from '../../db/schema/people.ts';
import { hashPassword } from '../auth/passwords.ts';

const PASSWORD = 'platform-test-password';

describe('choosing a platform (platform-subscription)', () => {
  let t: TestApp;
  let provider: User;
  let api: Awaited<ReturnType<typeof signedInAs>>;
  beforeAll(async () => {
    t = await buildTestApp();
    provider = await createUser(t.database.db, { password_hash: await hashPassword(PASSWORD) });
    api = await signedInAs(t.app, provider.email, PASSWORD);
  });
  afterAll(() => t.app.close());

  it('answers no choice yet and the platforms to choose from', async () => {
    const res = await api('GET', '/api/platform-subscription/');
    expect(res.statusCode).toBe(200);
    expect(res.json().selected_platform).toBeNull();
    expect(res.json().platforms).toContainEqual({ value: 'WEB', display: 'Referrals in the web browser' });
    expect(res.json().platforms).toContainEqual({ value: 'BEST_PRACTICE', display: 'Best Practice' });
  });

  it('saves a choice, answers it as {value, display}, and keeps the profile version', async () => {
    const versionBefore = (await api('GET', '/api/profile/')).json().version;
    const res = await api('PUT', '/api/platform-subscription/', { selected_platform: 'MEDICAL_DIRECTOR' });
    expect(res.statusCode).toBe(200);
    expect(res.json().selected_platform).toEqual({
      value: 'MEDICAL_DIRECTOR',
      display: 'MedicalDirector Clinical',
    });
    expect((await api('GET', '/api/platform-subscription/')).json().selected_platform.value).toBe(
      'MEDICAL_DIRECTOR',
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, provider.id));
    expect(row?.selected_platform).toBe('MEDICAL_DIRECTOR');
    expect((await api('GET', '/api/profile/')).json().version).toBe(versionBefore);
  });

  it('refuses an unknown platform with a field error and keeps the earlier choice', async () => {
    for (const body of [{ selected_platform: 'FAX_MACHINE' }, { selected_platform: null }, {}]) {
      const res = await api('PUT', '/api/platform-subscription/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ selected_platform: [PLATFORM_MESSAGE] });
    }
    expect((await api('GET', '/api/platform-subscription/')).json().selected_platform.value).toBe(
      'MEDICAL_DIRECTOR',
    );
  });

  it('needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/platform-subscription/' })).statusCode).toBe(401);
  });
});
