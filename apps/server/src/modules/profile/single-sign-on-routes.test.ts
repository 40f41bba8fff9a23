import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_ORGANISATION_EMAIL_MESSAGE } from '@referrals/domain/profile/health-organisations';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { SignInClient, signedInAs } from '../../../test/sign-in-client.ts';
import { createUser, type User } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { hashPassword } from '../auth/passwords.ts';

const PASSWORD = 'single-sign-on-password';

describe('linking an account to a health organisation single sign-on (initiate-sso)', () => {
  let t: TestApp;
  let clinician: User;
  let api: Awaited<ReturnType<typeof signedInAs>>;
  beforeAll(async () => {
    t = await buildTestApp({ FEATURE_SINGLE_SIGN_ON_ACCOUNT_LINKING: 'on' });
    clinician = await createUser(t.database.db, {
      email: `aisha.rahman.${Date.now()}@seslhd.health.nsw.gov.au`,
      password_hash: await hashPassword(PASSWORD),
    });
    api = await signedInAs(t.app, clinician.email, PASSWORD);
  });
  afterAll(() => t.app.close());

  /** Starts linking and returns the Login address it answered. */
  const start = async () => {
    const res = await api('POST', '/api/profile/initiate-sso/');
    expect(res.statusCode).toBe(202);
    return new URL(String(res.json().login_url), 'http://referrals.test');
  };

  /** Signs in at the hosted login with the parameters Login passes on, as the browser would. */
  const signInWith = async (loginUrl: URL, email: string) => {
    const client = new SignInClient(t.app);
    const { form, action } = await client.openLoginForm({
      login_hint: loginUrl.searchParams.get('login_hint') ?? '',
      connection: loginUrl.searchParams.get('connection') ?? '',
      sso_link: loginUrl.searchParams.get('sso_link') ?? '',
    });
    const login = await client.submitLogin(action, email, PASSWORD);
    return { form, login };
  };

  it('tells the user which health organisation their address belongs to, and that it is not linked yet', async () => {
    const res = await api('GET', '/api/profile/initiate-sso/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: clinician.email,
      health_organisation: { value: 'NSW_HEALTH', display: 'NSW Health' },
      sso_linking_available: true,
      linked_at: null,
    });
  });

  it('starts linking with Login in email-and-password-only mode, and the password sign-in of the same account links it', async () => {
    const loginUrl = await start();
    expect(loginUrl.pathname).toBe('/login');
    expect(loginUrl.searchParams.get('connection')).toBe('Username-Password-Authentication');
    expect(loginUrl.searchParams.get('login_hint')).toBe(clinician.email);

    const { form, login } = await signInWith(loginUrl, clinician.email);
    // The hosted login fills in the address and says why it asks for the password again.
    expect(form.body).toContain(`value="${clinician.email}"`);
    expect(form.body).toContain('link your account to your health organisation');
    expect(login.statusCode).toBe(303);

    const status = (await api('GET', '/api/profile/initiate-sso/')).json();
    expect(Date.parse(status.linked_at)).toBeGreaterThan(Date.now() - 60_000);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sso-link'), eq(auditLog.resource_id, clinician.id)));
    expect(audit.map((a) => a.outcome)).toEqual(['success']);
  });

  it('does not link when someone signs in with another account, and the link code works once', async () => {
    const other = await createUser(t.database.db, { password_hash: await hashPassword(PASSWORD) });
    const otherApi = await signedInAs(t.app, other.email, PASSWORD);
    const before = (await otherApi('GET', '/api/profile/initiate-sso/')).json();
    expect(before).toMatchObject({
      health_organisation: null,
      sso_linking_available: false,
      linked_at: null,
    });

    const loginUrl = await start();
    const elsewhere = await signInWith(loginUrl, other.email);
    // The sign-in itself stands; only the link is not made.
    expect(elsewhere.login.statusCode).toBe(303);
    expect((await otherApi('GET', '/api/profile/initiate-sso/')).json().linked_at).toBeNull();

    const first = await signInWith(loginUrl, clinician.email);
    expect(first.login.statusCode).toBe(303);
    const linkedAt = (await api('GET', '/api/profile/initiate-sso/')).json().linked_at;
    await signInWith(loginUrl, clinician.email);
    expect((await api('GET', '/api/profile/initiate-sso/')).json().linked_at).toBe(linkedAt);
  });

  it('refuses to start for an address that is not a health organisation one', async () => {
    const other = await createUser(t.database.db, {
      email: `sam.lee.${Date.now()}@gmail.com`,
      password_hash: await hashPassword(PASSWORD),
    });
    const otherApi = await signedInAs(t.app, other.email, PASSWORD);
    const res = await otherApi('POST', '/api/profile/initiate-sso/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [HEALTH_ORGANISATION_EMAIL_MESSAGE] });
  });

  it('is not offered while the singleSignOnAccountLinking flag is off', async () => {
    const off = await buildTestApp();
    try {
      const offApi = await signedInAs(off.app, clinician.email, PASSWORD);
      expect((await offApi('GET', '/api/profile/initiate-sso/')).json()).toMatchObject({
        health_organisation: { value: 'NSW_HEALTH' },
        sso_linking_available: false,
      });
      expect((await offApi('POST', '/api/profile/initiate-sso/')).statusCode).toBe(404);
    } finally {
      await off.app.close();
    }
  });
});
