import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_EMPLOYED_MESSAGE,
  TOO_MANY_EMPLOYMENTS_MESSAGE,
} from '@referrals/domain/people/employment-rules';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createEmployment, createEstablishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { employments } from '../../db/schema/people.ts';
import { isOpenEmploymentConflict } from './employment-rows.ts';
import {
  allEmployments,
  auditedActions,
  createPerson,
  employmentRow,
  signIn,
  type Api,
} from './employment-test-fixtures.ts';
import { JOIN_MESSAGES } from './join-request.ts';

describe('asking to join an establishment (POST profile/employments/)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  const joinable = (overrides: Parameters<typeof createEstablishment>[1] = {}) =>
    createEstablishment(t.database.db, { accepts_join_requests: true, ...overrides });
  const newcomer = async (role = 'SP') => {
    const person = await createPerson(t.database.db, { role });
    return { person, api: await signIn(t.app, person) };
  };
  const join = (api: Api, establishmentId: string, query = '') =>
    api('POST', `/api/profile/employments/${query}`, { establishment_id: establishmentId });

  it('creates a REQUESTED employment at the next free priority with the role’s default permissions, audited', async () => {
    const { person, api } = await newcomer('SP');
    const first = await joinable({ name: 'Lakeside Cardiology' });
    const second = await joinable();

    const res = await join(api, first.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      establishment: { id: first.id, name: 'Lakeside Cardiology', type: { value: 'PR' } },
      priority: 1,
      status: { value: 'REQUESTED', display: 'Requested' },
      can_send_referral: true,
      is_verified_employee: false,
      is_account_holder: false,
    });
    const row = await employmentRow(t.database.db, res.json<{ id: string }>().id);
    expect(row).toMatchObject({
      user_id: person.id,
      status: 'REQUESTED',
      actioned_by: 'DOCTOR',
      permissions: ['manage_referral', 'add_referral', 'accept_referral'],
      can_send_referral: true,
    });
    expect(await auditedActions(t.database.db, row?.id ?? '')).toEqual(['employment.request']);

    const again = await join(api, second.id);
    expect(again.json()).toMatchObject({ priority: 2, status: { value: 'REQUESTED' } });
  });

  it('with ?validate checks everything, answers 200 with the would-be request and writes nothing', async () => {
    const { person, api } = await newcomer('GP');
    const place = await joinable();
    const auditBefore = await t.database.db.select().from(auditLog);

    for (const query of ['?validate', '?validate=true']) {
      const res = await join(api, place.id, query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        establishment_id: place.id,
        priority: 1,
        status: { value: 'REQUESTED', display: 'Requested' },
      });
    }
    expect(await t.database.db.select().from(employments).where(eq(employments.user_id, person.id))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(auditLog)).toHaveLength(auditBefore.length);

    const refused = await join(api, (await joinable({ accepts_join_requests: false })).id, '?validate');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ establishment_id: [JOIN_MESSAGES.notAccepting] });
  });

  it('refuses places that cannot take join requests, each with a message the person understands', async () => {
    const { api } = await newcomer();
    const hospital = await joinable({ type: 'HL' });
    const cases: [string, string][] = [
      [(await joinable({ is_approved: false })).id, JOIN_MESSAGES.notFound],
      [(await joinable({ accepts_join_requests: false })).id, JOIN_MESSAGES.notAccepting],
      [
        (await joinable({ type: 'DT', hospital_id: hospital.id, is_verified: false })).id,
        JOIN_MESSAGES.departmentNotVerified,
      ],
      [(await joinable({ type: 'PA' })).id, JOIN_MESSAGES.notFound],
      ['00000000-0000-4000-8000-000000000000', JOIN_MESSAGES.notFound],
    ];
    const before = await allEmployments(t.database.db);
    for (const [id, message] of cases) {
      const res = await join(api, id);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ establishment_id: [message] });
    }
    expect(await allEmployments(t.database.db)).toEqual(before);

    // A verified department that takes join requests is fine.
    const department = await joinable({ type: 'DT', hospital_id: hospital.id, is_verified: true });
    expect((await join(api, department.id)).statusCode).toBe(201);
  });

  it('tells the creator of an unapproved establishment it is not approved yet', async () => {
    const { person, api } = await newcomer();
    const mine = await joinable({ is_approved: false, created_by_id: person.id });
    const res = await join(api, mine.id);
    expect(res.json()).toEqual({ establishment_id: [JOIN_MESSAGES.notApproved] });
  });

  it('refuses a second open employment at the same place, and a third establishment', async () => {
    const { person, api } = await newcomer();
    const [a, b, c] = [await joinable(), await joinable(), await joinable()];
    expect((await join(api, a.id)).statusCode).toBe(201);

    const twice = await join(api, a.id);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ establishment_id: [ALREADY_EMPLOYED_MESSAGE] });

    expect((await join(api, b.id)).statusCode).toBe(201);
    const third = await join(api, c.id);
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({ non_field_errors: [TOO_MANY_EMPLOYMENTS_MESSAGE] });
    expect(
      await t.database.db.select().from(employments).where(eq(employments.user_id, person.id)),
    ).toHaveLength(2);
  });

  it('lets a person ask again where an invitation lapsed, writing the invitation INVITE_EXPIRED', async () => {
    const { person, api } = await newcomer();
    const place = await joinable();
    const lapsed = await createEmployment(t.database.db, {
      user_id: person.id,
      establishment_id: place.id,
      priority: 2,
      status: 'INVITED',
      invite_expires_at: new Date(Date.now() - 60_000),
    });
    const res = await join(api, place.id);
    expect(res.statusCode).toBe(201);
    expect((await employmentRow(t.database.db, lapsed.id))?.status).toBe('INVITE_EXPIRED');
    expect(await auditedActions(t.database.db, lapsed.id)).toEqual(['employment.invite-expire']);
  });

  it('recognises the one-open-employment index, which turns a lost race into the same 400', async () => {
    const person = await createPerson(t.database.db);
    const place = await joinable();
    await createEmployment(t.database.db, { user_id: person.id, establishment_id: place.id });
    const error = await createEmployment(t.database.db, {
      user_id: person.id,
      establishment_id: place.id,
      status: 'REQUESTED',
    }).catch((caught: unknown) => caught);
    expect(isOpenEmploymentConflict(error)).toBe(true);
    expect(isOpenEmploymentConflict(new Error('something else'))).toBe(false);
  });

  it('answers two simultaneous requests for the same place with one 201 and one 400, never a 500', async () => {
    const { api } = await newcomer();
    const place = await joinable();
    const answers = await Promise.all([join(api, place.id), join(api, place.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
  });
});
