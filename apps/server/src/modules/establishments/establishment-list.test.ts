import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmployment,
  createEstablishment,
  createUser,
  type Establishment,
} from '../../db/factories/factories.ts';
import { NUL_CHARACTER_MESSAGE } from '@referrals/domain/establishments/establishment-schemas';
import { specialties } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { establishmentBody, signedInPerson, type Person } from './establishment-test-people.ts';

const names = (res: { json: () => { results: { name: string }[] } }) => res.json().results.map((e) => e.name);

describe('the establishment list filters', () => {
  let t: TestApp;
  let me: Person;
  let hospital: Establishment;
  const db = () => t.database.db;
  beforeAll(async () => {
    t = await buildTestApp();
    const clinic = (overrides: Parameters<typeof createEstablishment>[1]) =>
      createEstablishment(db(), { type: 'CL', state: 'NSW', ...overrides });
    const heart = await clinic({
      name: 'Alpha Heart',
      slug: 'alpha-heart',
      services: ['ADULT', 'SC'],
      accepts_join_requests: true,
      health_organisation_network: 'SESLHD',
    });
    const kids = await clinic({
      name: 'Beta Kids',
      services: ['CY'],
      is_verified: false,
      accepts_in_app_referrals: false,
      state: 'VIC',
    });
    await clinic({ name: 'Gamma 50% Off', services: [] });
    await clinic({ name: 'Delta Unapproved', slug: 'delta-unapproved', is_approved: false });
    await clinic({ name: 'Delta Personal', slug: 'delta-personal', type: 'PA' });

    // Alpha Heart: an approved, verified cardiologist and an approved practice manager.
    const cardiologist = await createUser(db(), { role: 'SP', first_name: 'James', last_name: 'Chen' });
    await createEmployment(db(), { user_id: cardiologist.id, establishment_id: heart.id });
    await db().insert(specialties).values({ user_id: cardiologist.id, priority: 1, practice: 'CARDIOLOGY' });
    const manager = await createUser(db(), { role: 'PM', last_name: 'OBrien' });
    await createEmployment(db(), { user_id: manager.id, establishment_id: heart.id });
    // Beta Kids: a paediatrician still waiting for approval, and an unverified approved GP.
    const waiting = await createUser(db(), { role: 'SP' });
    await createEmployment(db(), { user_id: waiting.id, establishment_id: kids.id, status: 'REQUESTED' });
    await db().insert(specialties).values({ user_id: waiting.id, priority: 1, practice: 'PAEDIATRICS' });
    const gp = await createUser(db(), { role: 'GP', first_name: 'Sarah', last_name: 'Mitchell' });
    await createEmployment(db(), {
      user_id: gp.id,
      establishment_id: kids.id,
      is_verified_employee: false,
    });

    hospital = await createEstablishment(db(), { name: 'Royal Eastern Hospital', type: 'HL' });
    const department = (name: string, overrides: Parameters<typeof createEstablishment>[1] = {}) =>
      createEstablishment(db(), {
        name,
        type: 'DT',
        hospital_id: hospital.id,
        accepts_join_requests: true,
        ...overrides,
      });
    await department('Cardiology');
    await department('Oncology', { accepts_join_requests: false });
    await department('Renal', { is_verified: false });

    me = await signedInPerson(t.app, db(), { user: { role: 'PM' }, at: heart.id });
  });
  afterAll(() => t.app.close());

  const list = (query: string) => me.api('GET', `/api/establishments/?type=CL&${query}`);

  it('lists approved establishments of one type by name, never personal spaces', async () => {
    expect(names(await list(''))).toEqual(['Alpha Heart', 'Beta Kids', 'Gamma 50% Off']);
  });

  it('filters by keyword, treating % and _ as plain characters', async () => {
    expect(names(await list('keyword=50%25'))).toEqual(['Gamma 50% Off']);
    expect(names(await list('keyword=%25'))).toEqual(['Gamma 50% Off']);
    expect(names(await list('keyword=_'))).toEqual([]);
    expect(names(await list('keyword=heart'))).toEqual(['Alpha Heart']);
    // The database cannot compare NUL; it is a 400 like any bad filter, never a 500.
    const nul = await list('keyword=a%00b&specialty=%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ keyword: [NUL_CHARACTER_MESSAGE], specialty: [NUL_CHARACTER_MESSAGE] });
  });

  it('filters by states, verified, accepts_join_requests and accepts_in_app_referrals', async () => {
    expect(names(await list('states=VIC'))).toEqual(['Beta Kids']);
    expect(names(await list('states=NSW,VIC'))).toHaveLength(3);
    expect(names(await list('verified=false'))).toEqual(['Beta Kids']);
    expect(names(await list('verified=true'))).toEqual(['Alpha Heart', 'Gamma 50% Off']);
    expect(names(await list('accepts_join_requests=true'))).toEqual(['Alpha Heart']);
    expect(names(await list('accepts_in_app_referrals=false'))).toEqual(['Beta Kids']);
  });

  it('filters by service, health organisation network and an approved employee’s specialty', async () => {
    expect(names(await list('service=SC'))).toEqual(['Alpha Heart']);
    expect(names(await list('service=CY'))).toEqual(['Beta Kids']);
    expect(names(await list('health_organisation_network=SESLHD'))).toEqual(['Alpha Heart']);
    expect(names(await list('specialty=CARDIOLOGY'))).toEqual(['Alpha Heart']);
    // The paediatrician has only asked to join, so Beta Kids does not count as offering paediatrics.
    expect(names(await list('specialty=PAEDIATRICS'))).toEqual([]);
  });

  it('finds a specialty typed by its name in Settings as well as one stored as its code', async () => {
    const skin = await createEstablishment(db(), { name: 'Skin Practice', type: 'PR' });
    const dermatologist = await createUser(db(), { role: 'SP' });
    await createEmployment(db(), { user_id: dermatologist.id, establishment_id: skin.id });
    await db()
      .insert(specialties)
      .values({ user_id: dermatologist.id, priority: 1, practice: ' dermatology' });
    const res = await me.api('GET', '/api/establishments/?type=PR&specialty=DERMATOLOGY');
    expect(names(res)).toEqual(['Skin Practice']);
  });

  it('filters by has_verified_employee', async () => {
    expect(names(await list('has_verified_employee=true'))).toEqual(['Alpha Heart']);
    expect(names(await list('has_verified_employee=false'))).toEqual(['Beta Kids', 'Gamma 50% Off']);
  });

  it('with approved=false lists only the unapproved ones the caller created or works at', async () => {
    expect(names(await list('approved=false'))).toEqual([]);
    const created = await me.api('POST', '/api/establishments/', establishmentBody({ name: 'Delta Mine' }));
    expect(created.statusCode).toBe(201);
    expect(names(await list('approved=false'))).toEqual(['Delta Mine']);
    expect(names(await list(''))).not.toContain('Delta Mine');
  });

  it('adds approved doctors (GP, GPP, SP, SPT) with include_doctors, and no doctors key without it', async () => {
    const res = (await list('include_doctors=true')).json();
    const byName = Object.fromEntries(
      res.results.map((e: { name: string; doctors: unknown }) => [e.name, e.doctors]),
    );
    expect(byName['Alpha Heart']).toEqual([
      expect.objectContaining({ first_name: 'James', last_name: 'Chen', role: 'SP' }),
    ]);
    expect(byName['Beta Kids']).toEqual([
      expect.objectContaining({ first_name: 'Sarah', last_name: 'Mitchell', role: 'GP' }),
    ]);
    expect(byName['Gamma 50% Off']).toEqual([]);
    expect((await list('')).json().results[0]).not.toHaveProperty('doctors');
  });

  it('adds the doctors to one establishment with include_doctors, as the triage’s assignees', async () => {
    const alpha = (await list('')).json().results.find((e: { name: string }) => e.name === 'Alpha Heart');
    const one = await me.api('GET', `/api/establishments/${alpha.id}/?include_doctors=true`);
    expect(one.json().doctors).toEqual([
      expect.objectContaining({ first_name: 'James', last_name: 'Chen', role: 'SP' }),
    ]);
    expect((await me.api('GET', `/api/establishments/${alpha.id}/`)).json()).not.toHaveProperty('doctors');
  });

  it('finds the establishment a send/ link names by its slug, with its doctors', async () => {
    const res = await me.api('GET', '/api/establishments/by-slug/alpha-heart/?include_doctors=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Alpha Heart',
      is_approved: true,
      accepts_in_app_referrals: true,
    });
    expect(res.json().doctors).toEqual([expect.objectContaining({ last_name: 'Chen' })]);
  });

  it('answers 404 for a slug it does not know, or one the caller may not read', async () => {
    for (const slug of ['no-such-place', 'delta-unapproved', 'delta-personal']) {
      expect((await me.api('GET', `/api/establishments/by-slug/${slug}/`)).statusCode).toBe(404);
    }
  });

  it('orders by name either way with order_by, and refuses an ordering it does not know', async () => {
    expect(names(await list('order_by=-name'))).toEqual(['Gamma 50% Off', 'Beta Kids', 'Alpha Heart']);
    for (const path of ['/api/establishments/?type=CL&', '/api/public/establishments/?type=CL&']) {
      const res = await me.api('GET', `${path}order_by=password_hash`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        order_by: ['Unknown ordering. Choose one of: name (prefix - for descending).'],
      });
    }
  });

  it('orders by name then id, and pages', async () => {
    for (let i = 0; i < 3; i++) await createEstablishment(db(), { name: 'Zeta Twin', type: 'PR' });
    const first = (await me.api('GET', '/api/establishments/?type=PR&keyword=zeta&page_size=2')).json();
    const second = (
      await me.api('GET', '/api/establishments/?type=PR&keyword=zeta&page_size=2&page=2')
    ).json();
    expect(first.count).toBe(3);
    const ids = [...first.results, ...second.results].map((e: { id: string }) => e.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(3);
    expect(second.next).toBeNull();
  });

  it('shows a hospital with only its verified departments that accept join requests', async () => {
    const res = await me.api('GET', '/api/establishments/?type=HL');
    const [entry] = res.json().results;
    expect(entry).toMatchObject({ name: 'Royal Eastern Hospital', can_edit: false, can_delete: false });
    expect(entry.departments).toEqual([
      expect.objectContaining({
        name: 'Cardiology',
        hospital: { id: hospital.id, name: 'Royal Eastern Hospital' },
        type: { value: 'DT', display: 'Department' },
      }),
    ]);
  });

  it('shows the hospital’s account holder every department, their own unapproved ones included', async () => {
    const holder = await signedInPerson(t.app, db(), {
      at: hospital.id,
      employment: { is_account_holder: true },
    });
    const created = await holder.api(
      'POST',
      '/api/establishments/',
      establishmentBody({ type: 'DT', name: 'Neurology', hospital_id: hospital.id }),
    );
    expect(created.statusCode).toBe(201);
    const [entry] = (await holder.api('GET', '/api/establishments/?type=HL')).json().results;
    expect(entry.can_edit).toBe(true);
    expect(entry.departments.map((d: { name: string }) => d.name)).toEqual([
      'Cardiology',
      'Neurology',
      'Oncology',
      'Renal',
    ]);
    // Nobody else sees the unapproved department.
    const [seen] = (await me.api('GET', '/api/establishments/?type=HL')).json().results;
    expect(seen.departments.map((d: { name: string }) => d.name)).toEqual(['Cardiology']);
  });

  it('the public list: approved only, no personal spaces, no caller fields, no sign-in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/public/establishments/?type=CL&include_doctors=true',
    });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Alpha Heart', 'Beta Kids', 'Gamma 50% Off']);
    const [first] = res.json().results;
    expect(first).not.toHaveProperty('can_edit');
    expect(first).not.toHaveProperty('doctors');
    expect(first).not.toHaveProperty('is_verified');
    expect(first).toMatchObject({ services: ['ADULT', 'SC'], branding: { logo: null } });
    const unapproved = await t.app.inject({
      method: 'GET',
      url: '/api/public/establishments/?approved=false',
    });
    expect(unapproved.json().results).toEqual([]);
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/public/establishments/?service=CY&states=VIC',
    });
    expect(names(filtered)).toEqual(['Beta Kids']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/public/establishments/?type=XX' })).statusCode,
    ).toBe(400);
  });
});
