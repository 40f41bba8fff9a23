import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEstablishment, createUser, type User } from '../../db/factories/factories.ts';
import { employments, users } from '../../db/schema/people.ts';
import { writeAsRead } from '../../../test/write-as-read.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { SignInClient, signedInAs } from '../../../test/sign-in-client.ts';
import { currentMfaCode } from '../auth/mfa.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ROLE_LOCKED_MESSAGE } from './update-profile.ts';

const PASSWORD = 'account-test-password';

describe('registration, establishments, specialties and two-step sign-in', () => {
  let t: TestApp;
  let newcomer: User;
  let api: Awaited<ReturnType<typeof signedInAs>>;
  let practiceId: string;
  let secondaryId: string;
  let strangerId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    newcomer = await createUser(db, {
      role: null,
      registration_completed: false,
      password_hash: await hashPassword(PASSWORD),
    });
    const joinable = { accepts_join_requests: true };
    practiceId = (await createEstablishment(db, { name: 'Annandale Family Practice', ...joinable })).id;
    secondaryId = (await createEstablishment(db, { name: 'Leichhardt Clinic', type: 'CL', ...joinable })).id;
    strangerId = (await createEstablishment(db, { name: 'Somebody Else Medical', ...joinable })).id;
    api = await signedInAs(t.app, newcomer.email, PASSWORD);
  });
  afterAll(() => t.app.close());

  it('will not finish registration before the wizard has saved the required details', async () => {
    const res = await api('POST', '/api/profile/register/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ role: ['This field is required.'], practices: ['Not selected'] });
    expect((await api('GET', '/api/profile/register/')).statusCode).toBe(405);
  });

  it('dry-runs registration page 1 with a role and a new specialty, answering the would-be profile', async () => {
    const res = await writeAsRead(api, 'PUT', '/api/profile/', {
      role: 'SP',
      ahpra_num: 'MED0001112224',
      specialties: [{ priority: 1, practice: 'Cardiology', field: 'Heart failure' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toEqual({ value: 'SP', display: expect.any(String) });
    expect(res.json().specialties).toEqual([
      { id: '', priority: 1, practice: 'Cardiology', field: 'Heart failure' },
    ]);
    expect((await api('GET', '/api/profile/')).json().role).toBeNull();
  });

  it("chooses the practices at registration step 2, with 'Not selected' when none is chosen", async () => {
    expect(
      (await writeAsRead(api, 'PATCH', '/api/profile/', { role: 'GP', ahpra_num: 'MED0001112223' }))
        .statusCode,
    ).toBe(200);
    const none = await api('PUT', '/api/profile/practices/', { practices: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ practices: ['Not selected'] });
    const unknown = await api('PUT', '/api/profile/practices/', {
      practices: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.json()).toEqual({ practices: ['Choose a practice from the list.'] });
    // Choosing again replaces the earlier choice rather than adding to it.
    await api('PUT', '/api/profile/practices/', { practices: [strangerId] });
    const chosen = await api('PUT', '/api/profile/practices/', { practices: [practiceId, secondaryId] });
    expect(chosen.statusCode).toBe(200);
    const profile = chosen.json();
    const places = profile.employments.map((e: { establishment: { id: string }; priority: number }) => [
      e.establishment.id,
      e.priority,
    ]);
    expect(places).toEqual([
      [practiceId, 1],
      [secondaryId, 2],
    ]);
    expect(profile.current_establishment).toBe(practiceId);
    expect(profile.permissions).toEqual(['manage_referral', 'add_referral']);
  });

  it('leaves registration: the sign-in ends, what was saved stays, and the next sign-in carries on', async () => {
    const client = new SignInClient(t.app);
    const token = String((await client.signIn(newcomer.email, PASSWORD)).json().access_token);
    const call = (method: 'GET' | 'POST', url: string) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
    const exit = await call('POST', '/api/profile/exit-registration/');
    expect(exit.statusCode).toBe(200);
    expect((await call('GET', '/api/profile/')).statusCode).toBe(401);
    expect((await client.refresh()).statusCode).toBe(400);
    const again = await signedInAs(t.app, newcomer.email, PASSWORD);
    const profile = (await again('GET', '/api/profile/')).json();
    expect(profile.registration_completed).toBe(false);
    expect(profile.employments).toHaveLength(2);
  });

  it('finishes registration (202) once role, AHPRA number and a practice are saved, then locks the role', async () => {
    // The secondary practice has not answered the join request yet.
    await t.database.db
      .update(employments)
      .set({ status: 'REQUESTED' })
      .where(eq(employments.establishment_id, secondaryId));
    const res = await api('POST', '/api/profile/register/');
    expect(res.statusCode).toBe(202);
    expect((await api('GET', '/api/profile/')).json().registration_completed).toBe(true);
    expect((await api('POST', '/api/profile/exit-registration/')).statusCode).toBe(400);
    const roleChange = await writeAsRead(api, 'PATCH', '/api/profile/', { role: 'SP' });
    expect(roleChange.statusCode).toBe(400);
    expect(roleChange.json()).toEqual({ role: [ROLE_LOCKED_MESSAGE] });
  });

  it('switches the current establishment only to one the user may enter', async () => {
    const ok = await api('POST', '/api/profile/set-establishment/', { establishment_id: practiceId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().current_establishment).toBe(practiceId);
    // A GP needs an unverified or approved employment; a requested one is not enough (section 4).
    expect(
      (await api('POST', '/api/profile/set-establishment/', { establishment_id: secondaryId })).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', '/api/profile/set-establishment/', { establishment_id: strangerId })).statusCode,
    ).toBe(404);
  });

  it('adds and changes specialties, and never another user’s', async () => {
    const added = await api('POST', '/api/profile/specialties/', {
      priority: 1,
      practice: 'General practice',
      field: 'Skin cancer medicine',
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().id;
    const changed = await api('PUT', `/api/profile/specialties/${id}/`, {
      priority: 1,
      practice: 'General practice',
      field: "Women's health",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().field).toBe("Women's health");
    // Past a 4-byte integer the database would refuse it (a 500 before); a priority is 1 to 100.
    for (const priority of [2 ** 31, 101, 0]) {
      const huge = await api('PUT', `/api/profile/specialties/${id}/`, {
        priority,
        practice: 'X',
        field: null,
      });
      expect(huge.statusCode, String(priority)).toBe(400);
      expect(huge.json()).toEqual({ priority: ['Enter a priority from 1 to 100.'] });
    }
    const other = await createUser(t.database.db, {
      role: 'SP',
      password_hash: await hashPassword(PASSWORD),
    });
    const otherApi = await signedInAs(t.app, other.email, PASSWORD);
    expect(
      (await otherApi('PUT', `/api/profile/specialties/${id}/`, { priority: 1, practice: 'X', field: null }))
        .statusCode,
    ).toBe(404);
  });

  it('enrols two-step sign-in with a code from the app, and turns it off only with a current code', async () => {
    const start = await api('PATCH', '/api/profile/mfa/', { mfa_status: true });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ mfa_status: false, pending_mfa: true });
    expect(start.json().otpauth_uri).toMatch(/^otpauth:\/\/totp\/Referrals:/);
    expect((await api('GET', '/api/profile/')).json().pending_mfa).toBe(true);

    expect((await api('PATCH', '/api/profile/mfa/', { mfa_status: true, code: '000000' })).statusCode).toBe(
      400,
    );
    const secret = String(start.json().secret);
    const on = await api('PATCH', '/api/profile/mfa/', {
      mfa_status: true,
      code: currentMfaCode(secret, newcomer.email),
    });
    expect(on.json()).toEqual({ mfa_status: true, pending_mfa: false });
    expect((await api('GET', '/api/profile/')).json().mfa_status).toBe(true);

    expect((await api('PATCH', '/api/profile/mfa/', { mfa_status: false })).statusCode).toBe(400);
    const off = await api('PATCH', '/api/profile/mfa/', {
      mfa_status: false,
      code: currentMfaCode(secret, newcomer.email),
    });
    expect(off.json()).toEqual({ mfa_status: false, pending_mfa: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, newcomer.id));
    expect(row?.mfa_secret).toBeNull();
  });
});

describe('two-step sign-in turned on during registration (section 4 Profile load flow)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('reports MFA pending and enabled until the register call finishes the registration', async () => {
    const db = t.database.db;
    const practice = await createEstablishment(db, { name: 'Marrickville Medical' });
    const registrant = await createUser(db, {
      role: 'PM',
      registration_completed: false,
      password_hash: await hashPassword(PASSWORD),
    });
    await db.insert(employments).values({
      user_id: registrant.id,
      establishment_id: practice.id,
      priority: 1,
      status: 'UNVERIFIED',
    });
    const api = await signedInAs(t.app, registrant.email, PASSWORD);
    const secret = String((await api('PATCH', '/api/profile/mfa/', { mfa_status: true })).json().secret);
    const on = await api('PATCH', '/api/profile/mfa/', {
      mfa_status: true,
      code: currentMfaCode(secret, registrant.email),
    });
    expect(on.json()).toEqual({ mfa_status: true, pending_mfa: true });
    expect((await api('GET', '/api/profile/')).json()).toMatchObject({
      mfa_status: true,
      pending_mfa: true,
      registration_completed: false,
    });

    expect((await api('POST', '/api/profile/register/')).statusCode).toBe(202);
    expect((await api('GET', '/api/profile/')).json()).toMatchObject({
      mfa_status: true,
      pending_mfa: false,
      registration_completed: true,
    });
  });
});
