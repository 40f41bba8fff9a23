import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createUser, type User } from '../../db/factories/factories.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { freePort } from '../../../test/free-port.ts';
import { workerAppDatabase } from '../../../test/test-database.ts';
import { SignInClient } from '../../../test/sign-in-client.ts';
import { backdateSessionActivity } from './auth-sessions.ts';
import { hashPassword } from './passwords.ts';

const PASSWORD = 'external-provider-password';

// A second server plays the external provider (as Auth0 or Keycloak would), reached over real HTTP.
describe('signing in through an external OpenID provider (OIDC_ISSUER)', () => {
  let provider: FastifyInstance;
  let api: TestApp;
  let user: User;
  let providerUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    providerUrl = `http://127.0.0.1:${port}`;
    provider = await buildApp(loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: providerUrl }), {
      database: await workerAppDatabase(),
    });
    await provider.listen({ port, host: '127.0.0.1' });
    api = await buildTestApp({ OIDC_ISSUER: `${providerUrl}/auth`, OIDC_AUDIENCE: `${providerUrl}/api` });
    user = await createUser(api.database.db, { password_hash: await hashPassword(PASSWORD) });
    // The account is provisioned for the provider's subject, as an administrator would link it.
    await api.database.db.update(users).set({ external_subject: user.id }).where(eq(users.id, user.id));
  });
  afterAll(async () => {
    await api.app.close();
    await provider.close();
  });

  const tokenFromProvider = async () =>
    String((await new SignInClient(provider).signIn(user.email, PASSWORD)).json().access_token);
  const profile = (token: string) =>
    api.app.inject({ method: 'GET', url: '/api/profile/', headers: { authorization: `Bearer ${token}` } });

  it("accepts the provider's access token and finds the account by its subject", async () => {
    const res = await profile(await tokenFromProvider());
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(user.email);
  });

  it("lets the web app call the provider from the browser (the provider's origin is in connect-src)", async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toMatch(
      new RegExp(`connect-src 'self' ${providerUrl}(;|$)`),
    );
  });

  it('serves no login of its own in this mode', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a token for a subject with no account, and a tampered token', async () => {
    const token = await tokenFromProvider();
    const [head, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect((await profile(`${head}.${forged}.${signature}`)).statusCode).toBe(401);
    await api.database.db.update(users).set({ external_subject: null }).where(eq(users.id, user.id));
    expect((await profile(token)).statusCode).toBe(401);
    await api.database.db.update(users).set({ external_subject: user.id }).where(eq(users.id, user.id));
  });

  it('still ends an idle session and a signed-out one on its side', async () => {
    const token = await tokenFromProvider();
    expect((await profile(token)).statusCode).toBe(200);
    const logout = await api.app.inject({
      method: 'POST',
      url: '/api/profile/logout/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(204);
    expect((await profile(token)).statusCode).toBe(401);

    const idle = await tokenFromProvider();
    expect((await profile(idle)).statusCode).toBe(200);
    await backdateAll(api, 31);
    expect((await profile(idle)).statusCode).toBe(401);
  });
});

/** Every session this API opened for the external provider's tokens goes idle by `minutes`. */
async function backdateAll(t: TestApp, minutes: number) {
  const rows = await t.database.db.select({ key: authSessions.grant_id }).from(authSessions);
  for (const row of rows)
    if (row.key.startsWith('external:')) await backdateSessionActivity(t.database.db, row.key, minutes);
}
