import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_EMPLOYMENTS_MESSAGE } from '@referrals/domain/people/employment-rules';
import { USER_TAG_OTHER_MESSAGE } from '@referrals/domain/people/employment-schemas';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createEmployment, createEstablishment, type User } from '../../db/factories/factories.ts';
import { employments, users } from '../../db/schema/people.ts';
import {
  PERSONAL_SPACE_LEAVE_MESSAGE,
  PERSONAL_SPACE_PRIMARY_MESSAGE,
  VERIFY_EMAIL_FIRST_MESSAGE,
} from './employment-changes.ts';
import { LAST_ACCOUNT_HOLDER_MESSAGE } from './employment-rows.ts';
import {
  allEmployments,
  auditedActions,
  createPerson,
  employmentRow,
  signIn,
  type Api,
} from './employment-test-fixtures.ts';

describe('changing one’s own employments (profile/employments/{id}/...)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  const db = () => t.database.db;
  const place = (overrides: Parameters<typeof createEstablishment>[1] = {}) =>
    createEstablishment(db(), { accepts_join_requests: true, ...overrides });
  const employ = async (
    person: User,
    overrides: Omit<Parameters<typeof createEmployment>[1], 'user_id' | 'establishment_id'> & {
      establishment_id?: string;
    } = {},
  ) =>
    createEmployment(db(), {
      user_id: person.id,
      establishment_id: overrides.establishment_id ?? (await place()).id,
      ...overrides,
    });
  const invite = (person: User, overrides: Parameters<typeof employ>[1] = {}) =>
    employ(person, {
      priority: 2,
      status: 'INVITED',
      is_verified_employee: false,
      invite_expires_at: new Date(Date.now() + 7 * 24 * 60 * 60_000),
      ...overrides,
    });
  const someone = async (overrides: Partial<typeof users.$inferInsert> = {}) => {
    const person = await createPerson(db(), overrides);
    return { person, api: await signIn(t.app, person) };
  };
  const statusOf = async (id: string) => (await employmentRow(db(), id))?.status;
  const call = (api: Api, method: 'GET' | 'POST' | 'PUT' | 'DELETE', id: string, tail = '', body?: object) =>
    api(method, `/api/profile/employments/${id}/${tail}`, body);

  describe('the invitation page (GET)', () => {
    it('shows the invitation: where, who invited, until when, and the priority accepting would give', async () => {
      const inviter = await createPerson(db(), { title: 'MS', first_name: 'Karen', last_name: "O'Brien" });
      const { person, api } = await someone();
      await employ(person, { priority: 1 });
      const hospital = await place({ name: 'Royal Eastern Hospital', type: 'HL', city: 'Sydney' });
      const invited = await invite(person, { establishment_id: hospital.id, invited_by_id: inviter.id });

      const res = await call(api, 'GET', invited.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: invited.id,
        status: { value: 'INVITED', display: 'Invited' },
        establishment: {
          id: hospital.id,
          name: 'Royal Eastern Hospital',
          type: { value: 'HL', display: expect.any(String) },
          address1: hospital.address1,
          city: 'Sydney',
          state: hospital.state,
          postcode: hospital.postcode,
        },
        invited_by: "Ms Karen O'Brien",
        invite_expires_at: invited.invite_expires_at?.toISOString(),
        priority_on_accept: 2,
      });
    });

    it('reads an invitation past its date as INVITE_EXPIRED, here and in the profile, without writing anything', async () => {
      const { person, api } = await someone();
      const lapsed = await invite(person, { invite_expires_at: new Date(Date.now() - 1000) });
      const res = await call(api, 'GET', lapsed.id);
      expect(res.json()).toMatchObject({ status: { value: 'INVITE_EXPIRED' }, priority_on_accept: null });
      const profile = (await api('GET', '/api/profile/')).json();
      expect(profile.employments).toContainEqual(
        expect.objectContaining({
          id: lapsed.id,
          status: { value: 'INVITE_EXPIRED', display: 'Invite expired' },
        }),
      );
      expect(await statusOf(lapsed.id)).toBe('INVITED');
    });
  });

  describe('accepting and declining', () => {
    it('accepts an invitation: APPROVED, verified, at the next free priority, audited', async () => {
      const { person, api } = await someone();
      const invited = await invite(person);
      const res = await call(api, 'POST', invited.id, 'accept/');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: invited.id,
        priority: 1,
        status: { value: 'APPROVED' },
        is_verified_employee: true,
      });
      expect(await employmentRow(db(), invited.id)).toMatchObject({
        status: 'APPROVED',
        priority: 1,
        actioned_by: 'DOCTOR',
      });
      expect(await auditedActions(db(), invited.id)).toEqual(['employment.accept']);

      const another = await invite(person);
      expect((await call(api, 'POST', another.id, 'accept/')).json()).toMatchObject({ priority: 2 });
    });

    it('refuses to accept or decline anything but an open invitation (409), changing nothing', async () => {
      const { person, api } = await someone();
      for (const status of ['APPROVED', 'REQUESTED', 'DECLINED', 'REVOKED']) {
        const employment = await employ(person, { status, priority: 2 });
        for (const answer of ['accept', 'decline']) {
          const res = await call(api, 'POST', employment.id, `${answer}/`);
          expect(res.statusCode, `${answer} ${status}`).toBe(409);
          expect(res.json().detail).toMatch(/^This employment is .+ and cannot be (accepted|declined)\.$/);
          expect(res.json().status.value).toBe(status);
          expect(await statusOf(employment.id)).toBe(status);
        }
        await db().update(employments).set({ status: 'FINISHED' }).where(eq(employments.id, employment.id));
      }
    });

    it('answers an invitation past its date with 409 and writes it INVITE_EXPIRED', async () => {
      const { person, api } = await someone();
      const lapsed = await invite(person, { invite_expires_at: new Date(Date.now() - 1000) });
      const res = await call(api, 'POST', lapsed.id, 'accept/');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: 'This employment is invite expired and cannot be accepted.',
        status: { value: 'INVITE_EXPIRED', display: 'Invite expired' },
      });
      expect(await statusOf(lapsed.id)).toBe('INVITE_EXPIRED');
      expect(await auditedActions(db(), lapsed.id)).toEqual(['employment.invite-expire']);
    });

    it('refuses to accept when the person already has a primary and a secondary (409)', async () => {
      const { person, api } = await someone();
      await employ(person, { priority: 1 });
      await employ(person, { priority: 2, status: 'REQUESTED' });
      const invited = await invite(person);
      const res = await call(api, 'POST', invited.id, 'accept/');
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(TOO_MANY_EMPLOYMENTS_MESSAGE);
      expect(await statusOf(invited.id)).toBe('INVITED');
    });

    it('asks for a verified email address before an invitation is answered', async () => {
      const { person, api } = await someone({ email_verified_at: null });
      const invited = await invite(person);
      for (const answer of ['accept', 'decline']) {
        const res = await call(api, 'POST', invited.id, `${answer}/`);
        expect(res.statusCode).toBe(409);
        expect(res.json().detail).toBe(VERIFY_EMAIL_FIRST_MESSAGE);
      }
      expect(await statusOf(invited.id)).toBe('INVITED');
    });

    it('declines an invitation: DECLINED, audited', async () => {
      const { person, api } = await someone();
      const invited = await invite(person);
      const res = await call(api, 'POST', invited.id, 'decline/');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: { value: 'DECLINED' } });
      expect(await employmentRow(db(), invited.id)).toMatchObject({
        status: 'DECLINED',
        actioned_by: 'DOCTOR',
      });
      expect(await auditedActions(db(), invited.id)).toEqual(['employment.decline']);
    });
  });

  describe('leaving (DELETE)', () => {
    it('ends the employment as FINISHED (204), audited, and forgets it as the current establishment', async () => {
      const { person, api } = await someone();
      const job = await employ(person, { priority: 1 });
      await db()
        .update(users)
        .set({ current_establishment_id: job.establishment_id })
        .where(eq(users.id, person.id));

      const res = await call(api, 'DELETE', job.id);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await employmentRow(db(), job.id)).toMatchObject({ status: 'FINISHED', actioned_by: 'DOCTOR' });
      expect(await auditedActions(db(), job.id)).toEqual(['employment.leave']);
      const [user] = await db().select().from(users).where(eq(users.id, person.id));
      expect(user?.current_establishment_id).toBeNull();

      const again = await call(api, 'DELETE', job.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('This employment is finished and cannot be left.');
    });

    it('lets a request be withdrawn but not an invitation (declined instead)', async () => {
      const { person, api } = await someone();
      const requested = await employ(person, { status: 'REQUESTED' });
      expect((await call(api, 'DELETE', requested.id)).statusCode).toBe(204);
      const invited = await invite(person);
      expect((await call(api, 'DELETE', invited.id)).statusCode).toBe(409);
      expect(await statusOf(invited.id)).toBe('INVITED');
    });

    it('refuses to leave the personal space (409)', async () => {
      const { person, api } = await someone();
      const personal = await employ(person, {
        priority: 3,
        establishment_id: (await place({ type: 'PA' })).id,
      });
      const res = await call(api, 'DELETE', personal.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(PERSONAL_SPACE_LEAVE_MESSAGE);
      expect(await statusOf(personal.id)).toBe('APPROVED');
    });

    it('refuses to let the last account holder leave; one of two may', async () => {
      const { person, api } = await someone();
      const practice = await place();
      const holder = await employ(person, { establishment_id: practice.id, is_account_holder: true });
      const res = await call(api, 'DELETE', holder.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(LAST_ACCOUNT_HOLDER_MESSAGE);

      const colleague = await createPerson(db());
      await employ(colleague, { establishment_id: practice.id, is_account_holder: true });
      expect((await call(api, 'DELETE', holder.id)).statusCode).toBe(204);
    });
  });

  describe('making an establishment primary (PUT {priority: 1})', () => {
    it('promotes the secondary, finishes the old primary and makes the place current, in one go', async () => {
      const { person, api } = await someone();
      const primary = await employ(person, { priority: 1 });
      const secondary = await employ(person, { priority: 2 });

      const res = await call(api, 'PUT', secondary.id, '', { priority: 1 });
      expect(res.statusCode).toBe(200);
      const profile = res.json();
      expect(profile.current_establishment).toBe(secondary.establishment_id);
      expect(profile.employments).toContainEqual(
        expect.objectContaining({
          id: secondary.id,
          priority: 1,
          status: { value: 'APPROVED', display: 'Approved' },
        }),
      );
      expect(profile.employments).toContainEqual(
        expect.objectContaining({ id: primary.id, status: { value: 'FINISHED', display: 'Finished' } }),
      );
      expect(await employmentRow(db(), primary.id)).toMatchObject({
        status: 'FINISHED',
        actioned_by: 'DOCTOR',
      });
      expect(await auditedActions(db(), secondary.id)).toEqual(['employment.make-primary']);
      expect(await auditedActions(db(), primary.id)).toEqual(['employment.finish']);
    });

    it('changes nothing when the old primary cannot be ended (all or nothing)', async () => {
      const { person, api } = await someone();
      const primary = await employ(person, { priority: 1, is_account_holder: true });
      const secondary = await employ(person, { priority: 2 });
      const before = await allEmployments(db());

      const res = await call(api, 'PUT', secondary.id, '', { priority: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(LAST_ACCOUNT_HOLDER_MESSAGE);
      expect(await allEmployments(db())).toEqual(before);
      expect(await auditedActions(db(), secondary.id)).toEqual([]);
      expect(await statusOf(primary.id)).toBe('APPROVED');
    });

    it('for a place the person left, makes a new join request (REQUESTED, priority 1), never a way back in', async () => {
      const { person, api } = await someone({ role: 'GP' });
      const primary = await employ(person, { priority: 1 });
      const left = await employ(person, { priority: 2, status: 'REVOKED' });

      const res = await call(api, 'PUT', left.id, '', { priority: 1 });
      expect(res.statusCode).toBe(200);
      const created = res
        .json()
        .employments.find(
          (e: { establishment: { id: string }; priority: number }) =>
            e.establishment.id === left.establishment_id && e.priority === 1,
        );
      expect(created).toMatchObject({ status: { value: 'REQUESTED' } });
      expect(await statusOf(primary.id)).toBe('FINISHED');
      expect(await statusOf(left.id)).toBe('REVOKED');
      expect(await auditedActions(db(), created.id)).toEqual(['employment.make-primary']);
    });

    it('treats a lapsed invitation like a place left: a new request, the invitation written INVITE_EXPIRED', async () => {
      const { person, api } = await someone();
      const lapsed = await invite(person, { invite_expires_at: new Date(Date.now() - 1000) });
      const res = await call(api, 'PUT', lapsed.id, '', { priority: 1 });
      expect(res.statusCode).toBe(200);
      expect(await statusOf(lapsed.id)).toBe('INVITE_EXPIRED');
      expect(res.json().employments).toContainEqual(
        expect.objectContaining({
          establishment: expect.objectContaining({ id: lapsed.establishment_id }),
          priority: 1,
          status: { value: 'REQUESTED', display: 'Requested' },
        }),
      );
    });

    it('keeps the place’s own rules for that new request (400)', async () => {
      const { person, api } = await someone();
      await employ(person, { priority: 1 });
      const closed = await employ(person, {
        priority: 2,
        status: 'FINISHED',
        establishment_id: (await place({ accepts_join_requests: false })).id,
      });
      const before = await allEmployments(db());
      const res = await call(api, 'PUT', closed.id, '', { priority: 1 });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['establishment_id']);
      expect(await allEmployments(db())).toEqual(before);
    });

    it('refuses an open invitation and the personal space (409), and accepts only {priority: 1}', async () => {
      const { person, api } = await someone();
      await employ(person, { priority: 1 });
      const invited = await invite(person);
      const personal = await employ(person, {
        priority: 3,
        establishment_id: (await place({ type: 'PA' })).id,
      });

      const asInvited = await call(api, 'PUT', invited.id, '', { priority: 1 });
      expect(asInvited.statusCode).toBe(409);
      expect(asInvited.json().detail).toBe('This employment is invited and cannot be made primary.');
      const asPersonal = await call(api, 'PUT', personal.id, '', { priority: 1 });
      expect(asPersonal.statusCode).toBe(409);
      expect(asPersonal.json().detail).toBe(PERSONAL_SPACE_PRIMARY_MESSAGE);
      expect((await call(api, 'PUT', invited.id, '', { priority: 2 })).statusCode).toBe(400);
    });

    it('leaves an existing primary as it is', async () => {
      const { person, api } = await someone();
      const primary = await employ(person, { priority: 1 });
      const res = await call(api, 'PUT', primary.id, '', { priority: 1 });
      expect(res.statusCode).toBe(200);
      expect(await statusOf(primary.id)).toBe('APPROVED');
      expect(res.json().current_establishment).toBe(primary.establishment_id);
    });
  });

  describe('signature and user tag', () => {
    it('saves the signature used at that establishment, audited', async () => {
      const { person, api } = await someone();
      const job = await employ(person);
      const res = await call(api, 'PUT', job.id, 'signature/', { text: '  Dr A. Example, FRACP  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: job.id, signature: 'Dr A. Example, FRACP' });
      expect(await auditedActions(db(), job.id)).toEqual(['employment.signature']);
      expect((await call(api, 'PUT', job.id, 'signature/', { text: '' })).json().signature).toBeNull();
    });

    it('saves a user tag, asking for the text only with Other', async () => {
      const { person, api } = await someone();
      const job = await employ(person);
      const nurse = await call(api, 'PUT', job.id, 'user-tag/', { user_tag: 'NURSE', user_tag_other: 'x' });
      expect(nurse.statusCode).toBe(200);
      expect(nurse.json()).toMatchObject({ user_tag: 'NURSE', user_tag_other: null });

      const missing = await call(api, 'PUT', job.id, 'user-tag/', { user_tag: 'OTHER' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ user_tag_other: [USER_TAG_OTHER_MESSAGE] });

      const other = await call(api, 'PUT', job.id, 'user-tag/', {
        user_tag: 'OTHER',
        user_tag_other: 'Locum',
      });
      expect(other.json()).toMatchObject({ user_tag: 'OTHER', user_tag_other: 'Locum' });
      expect(await auditedActions(db(), job.id)).toEqual(['employment.user-tag', 'employment.user-tag']);
    });
  });

  it('answers 404 for another person’s employment on every call, and changes nothing', async () => {
    const owner = await createPerson(db());
    const practiceA = await place();
    const theirs = await employ(owner, { establishment_id: practiceA.id, priority: 2 });
    const theirInvite = await invite(owner);
    const { person: intruder, api } = await someone();
    await employ(intruder, { priority: 1 });
    const before = await allEmployments(db());

    const attempts: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, string, object?][] = [
      ['read', 'GET', theirInvite.id, ''],
      ['accept', 'POST', theirInvite.id, 'accept/'],
      ['decline', 'POST', theirInvite.id, 'decline/'],
      ['make primary', 'PUT', theirs.id, '', { priority: 1 }],
      ['leave', 'DELETE', theirs.id, ''],
      ['signature', 'PUT', theirs.id, 'signature/', { text: 'mine now' }],
      ['user tag', 'PUT', theirs.id, 'user-tag/', { user_tag: 'NURSE' }],
      ['malformed id', 'GET', 'not-an-id', ''],
    ];
    for (const [what, method, id, tail, body] of attempts) {
      const res = await call(api, method, id, tail, body);
      expect(res.statusCode, what).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect(await allEmployments(db())).toEqual(before);
  });
});
