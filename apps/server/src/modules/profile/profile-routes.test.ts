import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ProfileSchema } from '@referrals/domain/profile/profile-schemas';
import {
  createEmployment,
  createEstablishment,
  createUser,
  type User,
} from '../../db/factories/factories.ts';
import { users } from '../../db/schema/people.ts';
import { writeAsRead } from '../../../test/write-as-read.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import { hashPassword } from '../auth/passwords.ts';

const PASSWORD = 'profile-test-password';

describe('the signed-in user edits their profile', () => {
  let t: TestApp;
  let gp: User;
  let api: Awaited<ReturnType<typeof signedInAs>>;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const practice = await createEstablishment(db, { name: 'Glebe Point Medical', type: 'PR', state: 'NSW' });
    gp = await createUser(db, {
      role: 'GP',
      title: 'DR',
      password_hash: await hashPassword(PASSWORD),
      current_establishment_id: practice.id,
      provider_num_list: ['2426621B'],
      default_provider_num: '2426621B',
    });
    await createEmployment(db, {
      user_id: gp.id,
      establishment_id: practice.id,
      permissions: ['add_referral'],
    });
    await createUser(db, { ahpra_num: 'MED0009999999' });
    api = await signedInAs(t.app, gp.email, PASSWORD);
  });
  afterAll(() => t.app.close());

  const stored = async () => (await t.database.db.select().from(users).where(eq(users.id, gp.id)))[0];

  it('reads the profile with employments and the permissions of the current establishment', async () => {
    const res = await api('GET', '/api/profile/');
    expect(res.statusCode).toBe(200);
    const profile = ProfileSchema.parse(res.json());
    expect(profile.role).toEqual({ value: 'GP', display: expect.any(String) });
    expect(profile.employments[0]?.establishment).toMatchObject({
      name: 'Glebe Point Medical',
      type: { value: 'PR' },
    });
    expect(profile.permissions).toEqual(['add_referral']);
    expect(profile.session_expiry).toBeNull();
  });

  it('dry-runs a save with PUT: the would-be profile comes back and nothing is written', async () => {
    const res = await writeAsRead(api, 'PUT', '/api/profile/', { first_name: 'Dry', phone: '0412 345 678' });
    expect(res.statusCode).toBe(200);
    expect(res.json().first_name).toBe('Dry');
    expect((await stored())?.first_name).toBe(gp.first_name);
    const validateOnly = await writeAsRead(api, 'PATCH', '/api/profile/?validate=true', {
      first_name: 'Also dry',
    });
    expect(validateOnly.statusCode).toBe(200);
    expect((await stored())?.first_name).toBe(gp.first_name);
  });

  it('saves with PATCH and counts the version up', async () => {
    const before = (await api('GET', '/api/profile/')).json();
    const res = await writeAsRead(api, 'PATCH', '/api/profile/', {
      first_name: 'Sarah',
      session_expiry: 15,
      version: before.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Sarah',
      session_expiry: 15,
      version: before.version + 1,
    });
    expect((await stored())?.session_expiry).toBe(15);
  });

  it('refuses a save based on an old version with 409', async () => {
    const res = await writeAsRead(api, 'PATCH', '/api/profile/', { first_name: 'Stale', version: 1 });
    expect(res.statusCode).toBe(409);
    expect((await stored())?.first_name).not.toBe('Stale');
  });

  it('refuses a date of birth in year 0000 or in the future with the field’s message (issue 11)', async () => {
    for (const method of ['PUT', 'PATCH'] as const) {
      const early = await writeAsRead(api, method, '/api/profile/', { dob: '0000-01-01' });
      expect(early.statusCode, method).toBe(400);
      expect(early.json(), method).toEqual({ dob: ['Enter a date of birth from 1 Jan 1900.'] });
      const future = await writeAsRead(api, method, '/api/profile/', { dob: '9999-12-31' });
      expect(future.json(), method).toEqual({ dob: ['The date of birth cannot be in the future.'] });
    }
    expect((await stored())?.dob).toBe(gp.dob);
    const saved = await writeAsRead(api, 'PATCH', '/api/profile/', { dob: '1900-01-01' });
    expect(saved.json().dob).toBe('1900-01-01');
  });

  it('puts a new provider number first and makes it the default', async () => {
    const res = await writeAsRead(api, 'PATCH', '/api/profile/', { new_provider_num: '2447781L' });
    expect(res.statusCode).toBe(200);
    expect(res.json().provider_num_list[0]).toBe('2447781L');
    expect(res.json().default_provider_num).toBe('2447781L');
  });

  it('removes a provider number: the list is saved without it and the default moves to the next one', async () => {
    // The list is now 2447781L (default), 2426621B; the form removes the default and picks the next.
    const res = await writeAsRead(api, 'PATCH', '/api/profile/', {
      provider_num_list: ['2426621B'],
      default_provider_num: '2426621B',
      default_provider_num_type: 'PROVIDER_NUMBER',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider_num_list: ['2426621B'],
      default_provider_num: '2426621B',
      default_provider_num_type: 'PROVIDER_NUMBER',
    });
    const last = await writeAsRead(api, 'PATCH', '/api/profile/', {
      provider_num_list: [],
      default_provider_num: '',
      default_provider_num_type: 'EMPTY',
    });
    expect(last.json()).toMatchObject({
      provider_num_list: [],
      default_provider_num: null,
      default_provider_num_type: 'EMPTY',
    });
    expect((await stored())?.provider_num_list).toEqual([]);
  });

  it('answers badly formed Australian identifiers with the field and a message', async () => {
    const res = await writeAsRead(api, 'PATCH', '/api/profile/', {
      ahpra_num: 'MED12',
      new_provider_num: '2940975Y',
      phone: '123',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['ahpra_num', 'new_provider_num', 'phone']);
    expect(body.new_provider_num).toEqual(['Enter a valid Medicare provider number, e.g. 2426621B.']);
  });

  it("refuses another account's AHPRA number with the spec's message", async () => {
    const res = await writeAsRead(api, 'PATCH', '/api/profile/', { ahpra_num: 'MED0009999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ahpra_num: ['This AHPRA number has already been registered with another account.'],
    });
  });

  it('keeps only the notification settings the user has permission for', async () => {
    const res = await writeAsRead(api, 'PATCH', '/api/profile/', {
      email_referral_accepted: true,
      email_referral_received: true,
    });
    expect(res.statusCode).toBe(200);
    // add_referral covers referral updates; receiving needs accept_referral, which this GP does not hold here.
    expect(res.json()).toMatchObject({ email_referral_accepted: true, email_referral_received: false });
  });

  it('asks a specialist in training for their profession', async () => {
    await t.database.db.update(users).set({ role: 'SPT' }).where(eq(users.id, gp.id));
    const res = await writeAsRead(api, 'PATCH', '/api/profile/', { profession: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ profession: ['This field is required'] });
    await t.database.db.update(users).set({ role: 'GP' }).where(eq(users.id, gp.id));
  });

  it('refuses to show or save a profile without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/profile/', payload: { first_name: 'X' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('a profile getting its role at registration starts with that role’s notification defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  const registeringAs = async (role: 'PA' | 'PM') => {
    const newcomer = await createUser(t.database.db, {
      role: null,
      registration_completed: false,
      password_hash: await hashPassword(PASSWORD),
    });
    const api = await signedInAs(t.app, newcomer.email, PASSWORD);
    expect((await writeAsRead(api, 'PATCH', '/api/profile/', { role })).statusCode).toBe(200);
    return (await api('GET', '/api/profile/')).json<Record<string, unknown>>();
  };
  const flagsOn = (profile: Record<string, unknown>) =>
    Object.keys(profile).filter((key) => key.startsWith('email_') && profile[key] === true);

  it('gives a PA my referral off, urgent referral on and my report off (section 5 Profile save)', async () => {
    const profile = await registeringAs('PA');
    expect(profile).toMatchObject({
      email_my_referral: false,
      email_urgent_referral: true,
      email_my_report: false,
    });
    expect(flagsOn(profile)).toEqual(['email_urgent_referral']);
  });

  it('leaves every notification off for another role', async () => {
    expect(flagsOn(await registeringAs('PM'))).toEqual([]);
  });
});

describe('the AHPRA number by role and sub-role (section 5 Profile save and Other messages)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  const registering = async (overrides: Partial<typeof users.$inferInsert>) => {
    const db = t.database.db;
    const person = await createUser(db, {
      registration_completed: false,
      password_hash: await hashPassword(PASSWORD),
      ...overrides,
    });
    await createEmployment(db, { user_id: person.id, establishment_id: (await createEstablishment(db)).id });
    return signedInAs(t.app, person.email, PASSWORD);
  };

  it('keeps the AHPRA number an allied health professional saves, and lets them register without one', async () => {
    const physio = await registering({ role: 'GPP' });
    const saved = await writeAsRead(physio, 'PATCH', '/api/profile/', {
      sub_role: 'AH',
      profession: 'Physiotherapy',
      ahpra_num: 'PHY0001234567',
    });
    expect(saved.statusCode).toBe(200);
    expect((await physio('GET', '/api/profile/')).json()).toMatchObject({
      sub_role: 'AH',
      ahpra_num: 'PHY0001234567',
    });

    const counsellor = await registering({ role: 'GPP' });
    const without = await writeAsRead(counsellor, 'PATCH', '/api/profile/', {
      sub_role: 'OC',
      profession: 'Counselling',
      ahpra_num: '',
    });
    expect(without.statusCode).toBe(200);
    expect(without.json().ahpra_num).toBeNull();
    expect((await counsellor('POST', '/api/profile/register/')).statusCode).toBe(202);
  });

  it('asks a GP for their AHPRA number on saving professional details and on finishing registration', async () => {
    const gp = await registering({ role: 'GP' });
    const required = { ahpra_num: ['This field is required.'] };
    const cleared = await writeAsRead(gp, 'PATCH', '/api/profile/', { ahpra_num: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toEqual(required);
    // The box 'no AHPRA number or association' is for those it is optional for, not a way round it.
    await t.database.db
      .update(users)
      .set({ no_ahpra_and_professional_association: true })
      .where(eq(users.id, (await gp('GET', '/api/profile/')).json<{ id: string }>().id));
    const register = await gp('POST', '/api/profile/register/');
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual(required);
  });
});
