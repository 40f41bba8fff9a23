import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TAG_OTHER_MESSAGE } from '@referrals/domain/people/employment-schemas';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  createEmployment,
  createEstablishment,
  type Employment,
  type Establishment,
  type User,
} from '../../db/factories/factories.ts';
import { users } from '../../db/schema/people.ts';
import {
  allEmployments,
  auditedActions,
  createPerson,
  employmentRow,
  signIn,
  type Api,
} from '../employments/employment-test-fixtures.ts';
import { SELF_REVOKE_MESSAGE } from './update-staff.ts';

describe('the admin portal’s staff (admin/users/)', () => {
  let t: TestApp;
  let practice: Establishment;
  let holder: User;
  let holderJob: Employment;
  let api: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    practice = await createEstablishment(t.database.db, { name: 'Harbourside' });
    holder = await createPerson(t.database.db, { role: 'PM', first_name: 'Karen', last_name: 'Obrien' });
    holderJob = await createEmployment(t.database.db, {
      user_id: holder.id,
      establishment_id: practice.id,
      is_account_holder: true,
    });
    api = await signIn(t.app, holder);
  });
  afterAll(() => t.app.close());

  const db = () => t.database.db;
  const staffAt = async (
    establishment: Establishment,
    status: string,
    person: Partial<typeof users.$inferInsert> = {},
    extra: Partial<Employment> = {},
  ) => {
    const user = await createPerson(db(), person);
    return createEmployment(db(), {
      user_id: user.id,
      establishment_id: establishment.id,
      priority: 2,
      status,
      is_verified_employee: status === 'APPROVED',
      ...extra,
    });
  };
  const patch = (id: string, body: object, as: Api = api) => as('PATCH', `/api/admin/users/${id}/`, body);
  type Page = { count: number; next: string | null; previous: string | null; results: { id: string }[] };

  describe('listing', () => {
    let ids: Record<string, string>;
    beforeAll(async () => {
      ids = {
        approved: (await staffAt(practice, 'APPROVED', { last_name: 'Ashby' })).id,
        requested: (await staffAt(practice, 'REQUESTED', { last_name: 'Bennett' })).id,
        unverified: (await staffAt(practice, 'UNVERIFIED', { last_name: 'Carter' })).id,
        invited: (
          await staffAt(
            practice,
            'INVITED',
            { last_name: 'Dawson' },
            { invite_expires_at: new Date(Date.now() + 86_400_000) },
          )
        ).id,
        lapsed: (
          await staffAt(
            practice,
            'INVITED',
            { last_name: 'Ellis' },
            { invite_expires_at: new Date(Date.now() - 1000) },
          )
        ).id,
        finished: (await staffAt(practice, 'FINISHED', { last_name: 'Fraser' })).id,
        revoked: (await staffAt(practice, 'REVOKED', { last_name: 'Gibson', email: 'g.gibson@west.example' }))
          .id,
        declined: (await staffAt(practice, 'DECLINED', { last_name: 'Hughes' })).id,
      };
      await staffAt(await createEstablishment(db()), 'APPROVED', { last_name: 'Elsewhere' });
    });

    it('lists active staff (open invitations included) for list=all, by name', async () => {
      const res = await api('GET', '/api/admin/users/?page_size=100');
      expect(res.statusCode).toBe(200);
      const page = res.json<Page>();
      expect(page.results.map((m) => m.id)).toEqual([
        ids.approved,
        ids.requested,
        ids.unverified,
        ids.invited,
        holderJob.id,
      ]);
      expect(page.count).toBe(5);
      expect(page.results[3]).toMatchObject({
        status: { value: 'INVITED' },
        invite_expires_at: expect.any(String),
      });
    });

    it('lists closed staff and lapsed invitations for list=removed', async () => {
      const page = (await api('GET', '/api/admin/users/?list=removed')).json<Page>();
      expect(page.results.map((m) => m.id)).toEqual([ids.lapsed, ids.finished, ids.revoked, ids.declined]);
      expect(page.results[0]).toMatchObject({
        status: { value: 'INVITE_EXPIRED', display: 'Invite expired' },
      });
    });

    it('finds staff by a word of their name or email address', async () => {
      const byName = (await api('GET', '/api/admin/users/?keyword=benn')).json<Page>();
      expect(byName.results.map((m) => m.id)).toEqual([ids.requested]);
      const byEmail = (await api('GET', '/api/admin/users/?list=removed&keyword=west.example')).json<Page>();
      expect(byEmail.results.map((m) => m.id)).toEqual([ids.revoked]);
      const nobody = (await api('GET', '/api/admin/users/?keyword=Elsewhere')).json<Page>();
      expect(nobody.count).toBe(0);
      const wildcard = (await api('GET', '/api/admin/users/?keyword=%25')).json<Page>();
      expect(wildcard.count).toBe(0);
    });

    it('pages the list with next and previous links', async () => {
      const first = (await api('GET', '/api/admin/users/?page_size=2')).json<Page>();
      expect(first).toMatchObject({ count: 5, previous: null });
      expect(first.results.map((m) => m.id)).toEqual([ids.approved, ids.requested]);
      expect(first.next).toBe('http://referrals.test/api/admin/users/?page_size=2&page=2');
      const third = (await api('GET', '/api/admin/users/?page_size=2&page=3')).json<Page>();
      expect(third.results.map((m) => m.id)).toEqual([holderJob.id]);
      expect(third.next).toBeNull();
      expect((await api('GET', '/api/admin/users/?list=everyone')).statusCode).toBe(400);
    });

    it('shows one member of staff, and answers 404 for anyone else’s', async () => {
      const one = await api('GET', `/api/admin/users/${ids.requested}/`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({
        id: ids.requested,
        user: { last_name: 'Bennett', role: { value: 'GP' } },
        status: { value: 'REQUESTED', display: 'Requested' },
        priority: 2,
      });
      const elsewhere = await staffAt(await createEstablishment(db()), 'APPROVED');
      for (const id of [elsewhere.id, 'not-an-id']) {
        const res = await api('GET', `/api/admin/users/${id}/`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
    });
  });

  describe('approving, rejecting and revoking', () => {
    it('approves a request: APPROVED, verified, actioned by the establishment, audited', async () => {
      const request = await staffAt(practice, 'REQUESTED');
      const res = await patch(request.id, { action: 'approve' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: { value: 'APPROVED' }, is_verified_employee: true });
      expect(await employmentRow(db(), request.id)).toMatchObject({
        status: 'APPROVED',
        actioned_by: 'ESTABLISHMENT',
        is_verified_employee: true,
      });
      expect(await auditedActions(db(), request.id)).toEqual(['employment.approve']);
    });

    it('rejects an unverified employment and revokes an approved one or an open invitation', async () => {
      const unverified = await staffAt(practice, 'UNVERIFIED');
      expect((await patch(unverified.id, { action: 'reject' })).json().status.value).toBe('REJECTED');
      const approved = await staffAt(practice, 'APPROVED');
      expect((await patch(approved.id, { action: 'revoke' })).json().status.value).toBe('REVOKED');
      const invited = await staffAt(
        practice,
        'INVITED',
        {},
        { invite_expires_at: new Date(Date.now() + 60_000) },
      );
      expect((await patch(invited.id, { action: 'revoke' })).json().status.value).toBe('REVOKED');
      expect(await auditedActions(db(), approved.id)).toEqual(['employment.revoke']);
    });

    it('refuses an action the status does not allow (409) and changes nothing', async () => {
      const cases: [string, string][] = [
        ['APPROVED', 'approve'],
        ['APPROVED', 'reject'],
        ['REQUESTED', 'revoke'],
        ['FINISHED', 'approve'],
        ['REVOKED', 'revoke'],
        ['INVITED', 'approve'],
      ];
      for (const [status, action] of cases) {
        const employment = await staffAt(practice, status);
        const res = await patch(employment.id, { action });
        expect(res.statusCode, `${action} ${status}`).toBe(409);
        expect(res.json().status.value).toBe(status);
        expect((await employmentRow(db(), employment.id))?.status).toBe(status);
      }
    });

    it('writes a lapsed invitation INVITE_EXPIRED and refuses to revoke it (409)', async () => {
      const lapsed = await staffAt(
        practice,
        'INVITED',
        {},
        { invite_expires_at: new Date(Date.now() - 1000) },
      );
      const res = await patch(lapsed.id, { action: 'revoke' });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('This employment is invite expired and cannot be revoked.');
      expect((await employmentRow(db(), lapsed.id))?.status).toBe('INVITE_EXPIRED');
    });

    it('does not let an account holder revoke themselves (409)', async () => {
      const res = await patch(holderJob.id, { action: 'revoke' });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(SELF_REVOKE_MESSAGE);
      expect((await employmentRow(db(), holderJob.id))?.status).toBe('APPROVED');
    });
  });

  describe('grants', () => {
    it('sets shared inbox and outbox access, sending, head of department, special access and permissions, audited', async () => {
      const member = await staffAt(practice, 'APPROVED');
      const res = await patch(member.id, {
        has_shared_inbox_access: true,
        has_shared_outbox_access: true,
        can_send_referral: false,
        is_head_of_department: true,
        has_special_access: true,
        permissions: ['accept_referral', 'accept_referral', 'manage_referral'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        has_shared_inbox_access: true,
        has_shared_outbox_access: true,
        can_send_referral: false,
        is_head_of_department: true,
        has_special_access: true,
        permissions: ['accept_referral', 'manage_referral'],
        status: { value: 'APPROVED' },
      });
      expect(await auditedActions(db(), member.id)).toEqual(['employment.grants']);
    });

    it('sets the user tag, asking for the text with Other and dropping it otherwise', async () => {
      const member = await staffAt(practice, 'APPROVED');
      const missing = await patch(member.id, { user_tag: 'OTHER' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ user_tag_other: [USER_TAG_OTHER_MESSAGE] });
      expect((await patch(member.id, { user_tag: 'OTHER', user_tag_other: 'Locum' })).json()).toMatchObject({
        user_tag: 'OTHER',
        user_tag_other: 'Locum',
      });
      expect((await patch(member.id, { user_tag_other: 'Casual locum' })).json()).toMatchObject({
        user_tag: 'OTHER',
        user_tag_other: 'Casual locum',
      });
      expect(
        (await patch(member.id, { user_tag: 'TRIAGE', user_tag_other: 'ignored' })).json(),
      ).toMatchObject({
        user_tag: 'TRIAGE',
        user_tag_other: null,
      });
    });

    it('approves and grants in one call, and refuses grants on a closed employment (409)', async () => {
      const request = await staffAt(practice, 'REQUESTED');
      const res = await patch(request.id, { action: 'approve', has_shared_inbox_access: true });
      expect(res.json()).toMatchObject({ status: { value: 'APPROVED' }, has_shared_inbox_access: true });
      expect(await auditedActions(db(), request.id)).toEqual(['employment.approve', 'employment.grants']);

      const finished = await staffAt(practice, 'FINISHED');
      const refused = await patch(finished.id, { has_shared_inbox_access: true });
      expect(refused.statusCode).toBe(409);
      expect((await employmentRow(db(), finished.id))?.has_shared_inbox_access).toBe(false);
    });
  });

  describe('who may use it', () => {
    it('answers 404 for staff of another establishment on GET and PATCH, and changes nothing', async () => {
      const other = await createEstablishment(db());
      const theirs = await staffAt(other, 'REQUESTED');
      const before = await allEmployments(db());
      for (const body of [
        { action: 'approve' },
        { action: 'revoke' },
        { permissions: [] },
        { user_tag: 'NURSE' },
      ]) {
        const res = await patch(theirs.id, body);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
      expect((await api('GET', `/api/admin/users/${theirs.id}/`)).statusCode).toBe(404);
      expect(await allEmployments(db())).toEqual(before);
      expect(await auditedActions(db(), theirs.id)).toEqual([]);
    });

    it('refuses (403) staff who are not the account holder, and an account holder acting for another establishment', async () => {
      const member = await staffAt(practice, 'APPROVED');
      const [memberUser] = await db().select().from(users).where(eq(users.id, member.user_id));
      const memberApi = await signIn(t.app, memberUser ?? holder);
      const target = await staffAt(practice, 'REQUESTED');
      for (const [method, url] of [
        ['GET', '/api/admin/users/'],
        ['GET', `/api/admin/users/${target.id}/`],
        ['PATCH', `/api/admin/users/${target.id}/`],
      ] as const) {
        const res = await memberApi(method, url, method === 'PATCH' ? { action: 'approve' } : undefined);
        expect(res.statusCode, url).toBe(403);
      }
      expect((await employmentRow(db(), target.id))?.status).toBe('REQUESTED');

      // Account holder at Harbourside, but acting for a clinic where they are ordinary staff.
      const clinic = await createEstablishment(db());
      await createEmployment(db(), { user_id: holder.id, establishment_id: clinic.id, priority: 2 });
      await db().update(users).set({ current_establishment_id: clinic.id }).where(eq(users.id, holder.id));
      expect((await api('GET', '/api/admin/users/')).statusCode).toBe(403);
      await db().update(users).set({ current_establishment_id: practice.id }).where(eq(users.id, holder.id));
      expect((await api('GET', '/api/admin/users/')).statusCode).toBe(200);
    });
  });
});
