import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOSPITAL_REQUIRED_MESSAGE,
  NUL_CHARACTER_MESSAGE,
} from '@referrals/domain/establishments/establishment-schemas';
import { TOO_MANY_EMPLOYMENTS_MESSAGE } from '@referrals/domain/people/employment-rules';
import {
  createEmployment,
  createEstablishment,
  createPatient,
  createReferral,
  type Establishment,
} from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments, users } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { establishmentBody, signedInPerson, type Person } from './establishment-test-people.ts';
import { HOSPITAL_NOT_EDITABLE_MESSAGE, TYPE_FIXED_MESSAGE } from './establishment-writes.ts';

const NOT_FOUND = { detail: 'Not found.' };

describe('creating, changing and deleting establishments', () => {
  let t: TestApp;
  let practice: Establishment;
  let other: Establishment;
  let holder: Person;
  let staff: Person;
  let stranger: Person;
  const db = () => t.database.db;
  const rowOf = async (id: string) =>
    (await db().select().from(establishments).where(eq(establishments.id, id)))[0];
  const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]?.n ?? 0;
  const establishmentCount = async () => (await db().select({ n: count() }).from(establishments))[0]?.n ?? 0;

  beforeAll(async () => {
    t = await buildTestApp();
    practice = await createEstablishment(db(), { name: 'Harbourside Family Medical Practice' });
    other = await createEstablishment(db(), { name: 'North Shore Heart Clinic', type: 'CL' });
    holder = await signedInPerson(t.app, db(), {
      user: { role: 'PM' },
      at: practice.id,
      employment: { is_account_holder: true },
    });
    staff = await signedInPerson(t.app, db(), { at: practice.id });
    stranger = await signedInPerson(t.app, db(), {
      at: other.id,
      employment: { is_account_holder: true },
    });
  });
  afterAll(() => t.app.close());

  describe('POST establishments/', () => {
    it('creates it unapproved with the caller as approved account holder at the next free priority, ignoring owner and approval fields', async () => {
      const someoneElse = randomUUID();
      const res = await holder.api(
        'POST',
        '/api/establishments/',
        establishmentBody({
          id: someoneElse,
          is_approved: true,
          is_verified: true,
          created_by_id: someoneElse,
          created_by: someoneElse,
          can_edit: false,
        }),
      );
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        name: 'Bayside Family Clinic',
        type: { value: 'CL', display: 'Clinic' },
        is_approved: false,
        is_verified: false,
        can_edit: true,
        can_delete: true,
        services: ['ADULT'],
        branding: { logo: null },
        hospital: null,
        departments: [],
      });
      expect(created.id).not.toBe(someoneElse);
      expect((await rowOf(created.id))?.created_by_id).toBe(holder.user.id);

      const [job] = await db()
        .select()
        .from(employments)
        .where(and(eq(employments.user_id, holder.user.id), eq(employments.establishment_id, created.id)));
      // The practice is their primary, so the new place is their secondary.
      expect(job).toMatchObject({
        priority: 2,
        status: 'APPROVED',
        is_account_holder: true,
        actioned_by: 'ESTABLISHMENT',
      });
      expect([...(job?.permissions ?? [])].sort()).toEqual(
        ['accept_referral', 'add_referral', 'administer_referral', 'manage_referral'].sort(),
      );
      const audit = await db().select().from(auditLog).where(eq(auditLog.resource_id, created.id));
      expect(audit.map((row) => row.action)).toEqual(['establishment.create']);
      expect(audit[0]?.actor_id).toBe(holder.user.id);
    });

    it('gives a GP the default permissions plus administer_referral, at priority 1 when they have none', async () => {
      const newcomer = await signedInPerson(t.app, db());
      const res = await newcomer.api('POST', '/api/establishments/', establishmentBody({ type: 'PR' }));
      expect(res.statusCode).toBe(201);
      const [job] = await db().select().from(employments).where(eq(employments.user_id, newcomer.user.id));
      expect(job?.priority).toBe(1);
      expect([...(job?.permissions ?? [])].sort()).toEqual([
        'add_referral',
        'administer_referral',
        'manage_referral',
      ]);
    });

    it('refuses a third establishment with non_field_errors and saves nothing', async () => {
      const busy = await signedInPerson(t.app, db(), { at: practice.id });
      await createEmployment(db(), { user_id: busy.user.id, establishment_id: other.id, priority: 2 });
      const [places, audits] = [await establishmentCount(), await auditCount()];
      const res = await busy.api('POST', '/api/establishments/', establishmentBody());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [TOO_MANY_EMPLOYMENTS_MESSAGE] });
      expect(await establishmentCount()).toBe(places);
      expect(await auditCount()).toBe(audits);
    });

    it('answers field errors for bad input, and refuses a personal space', async () => {
      const res = await holder.api('POST', '/api/establishments/', {
        name: '  ',
        type: 'PA',
        postcode: '20',
        email: 'not-an-email',
        state: 'XX',
        city: 'Bondi\u0000',
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['city', 'email', 'name', 'postcode', 'state', 'type']);
      expect(res.json().city).toEqual([NUL_CHARACTER_MESSAGE]);
      expect(res.json().name).toEqual(['This field is required.']);
    });

    describe('departments', () => {
      let hospital: Establishment;
      let hospitalHolder: Person;
      beforeAll(async () => {
        hospital = await createEstablishment(db(), { name: 'Royal Eastern Hospital', type: 'HL' });
        hospitalHolder = await signedInPerson(t.app, db(), {
          user: { role: 'SP' },
          at: hospital.id,
          employment: { is_account_holder: true },
        });
      });

      it('need a hospital', async () => {
        const res = await hospitalHolder.api(
          'POST',
          '/api/establishments/',
          establishmentBody({ type: 'DT' }),
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ hospital_id: [HOSPITAL_REQUIRED_MESSAGE] });
      });

      it('need a hospital the caller can edit: not staff of it, not another type, not an unknown id', async () => {
        const places = await establishmentCount();
        for (const [who, hospitalId] of [
          [staff, hospital.id],
          [holder, practice.id],
          [hospitalHolder, randomUUID()],
        ] as const) {
          const res = await who.api(
            'POST',
            '/api/establishments/',
            establishmentBody({ type: 'DT', name: 'Cardiology', hospital_id: hospitalId }),
          );
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ hospital_id: [HOSPITAL_NOT_EDITABLE_MESSAGE] });
        }
        expect(await establishmentCount()).toBe(places);
      });

      it('are created by the hospital account holder, with their hospital', async () => {
        const res = await hospitalHolder.api(
          'POST',
          '/api/establishments/',
          establishmentBody({ type: 'DT', name: 'Cardiology', hospital_id: hospital.id }),
        );
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({
          type: { value: 'DT' },
          hospital: { id: hospital.id, name: 'Royal Eastern Hospital' },
          can_edit: true,
        });
        // Its hospital now has a department, so the hospital cannot be deleted.
        const hospitalView = (await hospitalHolder.api('GET', `/api/establishments/${hospital.id}/`)).json();
        expect(hospitalView).toMatchObject({ can_edit: true, can_delete: false });
        expect(hospitalView.departments.map((d: { name: string }) => d.name)).toEqual(['Cardiology']);
        expect(
          (await hospitalHolder.api('DELETE', `/api/establishments/${hospital.id}/`)).json().detail,
        ).toBe('This establishment cannot be deleted while it has departments.');
      });
    });
  });

  describe('can_edit and can_delete', () => {
    it('the account holder may edit but not delete a practice where others work', async () => {
      const res = await holder.api('GET', `/api/establishments/${practice.id}/`);
      expect(res.json()).toMatchObject({ can_edit: true, can_delete: false });
    });

    it('staff and a user of another establishment may read it but not change it', async () => {
      for (const who of [staff, stranger]) {
        const res = await who.api('GET', `/api/establishments/${practice.id}/`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ can_edit: false, can_delete: false });
      }
    });

    it('the creator may edit and delete what they made until it is approved; then only as its account holder', async () => {
      const creator = await signedInPerson(t.app, db());
      const id = (await creator.api('POST', '/api/establishments/', establishmentBody())).json().id;
      expect((await creator.api('GET', `/api/establishments/${id}/`)).json()).toMatchObject({
        can_edit: true,
        can_delete: true,
      });
      // Approved, and no longer their account holder's place: the creator's right ends.
      await db().update(establishments).set({ is_approved: true }).where(eq(establishments.id, id));
      await db()
        .update(employments)
        .set({ is_account_holder: false })
        .where(eq(employments.establishment_id, id));
      expect((await creator.api('GET', `/api/establishments/${id}/`)).json()).toMatchObject({
        can_edit: false,
        can_delete: false,
      });
      expect((await creator.api('PUT', `/api/establishments/${id}/`, establishmentBody())).statusCode).toBe(
        404,
      );
    });
  });

  describe('the 404 rule', () => {
    it('an unapproved establishment is invisible to a user of another establishment', async () => {
      const creator = await signedInPerson(t.app, db());
      const id = (await creator.api('POST', '/api/establishments/', establishmentBody())).json().id;
      const res = await stranger.api('GET', `/api/establishments/${id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect((await stranger.api('GET', `/api/establishments/${randomUUID()}/`)).json()).toEqual(NOT_FOUND);
    });

    it('PUT and DELETE without can_edit answer like a missing id and change nothing', async () => {
      const before = await rowOf(practice.id);
      const [jobs, audits] = [await db().select().from(employments), await auditCount()];
      for (const who of [stranger, staff]) {
        const put = await who.api(
          'PUT',
          `/api/establishments/${practice.id}/`,
          establishmentBody({ type: 'PR', name: 'Taken over' }),
        );
        expect(put.statusCode).toBe(404);
        expect(put.json()).toEqual(NOT_FOUND);
        const removed = await who.api('DELETE', `/api/establishments/${practice.id}/`);
        expect(removed.statusCode).toBe(404);
        expect(removed.json()).toEqual(NOT_FOUND);
      }
      expect(await rowOf(practice.id)).toEqual(before);
      expect(await db().select().from(employments)).toEqual(jobs);
      expect(await auditCount()).toBe(audits);
    });
  });

  describe('PUT establishments/{id}/', () => {
    it('changes what the account holder sends, keeps approval, and is audited', async () => {
      const res = await holder.api(
        'PUT',
        `/api/establishments/${practice.id}/`,
        establishmentBody({
          type: 'PR',
          name: 'Harbourside Medical',
          is_approved: false,
          services: ['ADULT', 'CY'],
          health_organisation_network: 'SESLHD',
          digital_ordering: true,
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Harbourside Medical',
        is_approved: true,
        services: ['ADULT', 'CY'],
        health_organisation_network: 'SESLHD',
        digital_ordering: true,
      });
      const row = await rowOf(practice.id);
      expect(row?.version).toBe(practice.version + 1);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'establishment.update'), eq(auditLog.resource_id, practice.id)));
      expect(audit?.detail).toMatchObject({
        changed: expect.arrayContaining(['name', 'services', 'digital_ordering']),
      });
    });

    it('does not change the type, and validates like POST', async () => {
      const retype = await holder.api('PUT', `/api/establishments/${practice.id}/`, establishmentBody());
      expect(retype.statusCode).toBe(400);
      expect(retype.json()).toEqual({ type: [TYPE_FIXED_MESSAGE] });
      const bad = await holder.api('PUT', `/api/establishments/${practice.id}/`, { type: 'PR', email: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['email', 'name']);
    });
  });

  describe('DELETE establishments/{id}/', () => {
    it('is refused with 409 while others work there', async () => {
      const res = await holder.api('DELETE', `/api/establishments/${practice.id}/`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: 'This establishment cannot be deleted while it has other staff.',
      });
      expect(await rowOf(practice.id)).toBeDefined();
    });

    it('is refused while referrals refer to it', async () => {
      const creator = await signedInPerson(t.app, db());
      const id = (await creator.api('POST', '/api/establishments/', establishmentBody())).json().id;
      await createReferral(db(), { from_establishment_id: id, to_establishment_id: other.id });
      expect((await creator.api('GET', `/api/establishments/${id}/`)).json().can_delete).toBe(false);
      const res = await creator.api('DELETE', `/api/establishments/${id}/`);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('This establishment cannot be deleted while it has referrals.');
      // Its patient records would be orphaned too.
      await createPatient(db(), { establishment_id: id });
      expect((await creator.api('DELETE', `/api/establishments/${id}/`)).json().detail).toBe(
        'This establishment cannot be deleted while it has referrals and patient records.',
      );
      expect(await rowOf(id)).toBeDefined();
    });

    it('removes the establishment and the creator’s own employment there in one go, audited', async () => {
      const creator = await signedInPerson(t.app, db());
      const id = (await creator.api('POST', '/api/establishments/', establishmentBody())).json().id;
      // A declined invitation is history, not staff: it does not stop the delete.
      await createEmployment(db(), {
        user_id: staff.user.id,
        establishment_id: id,
        priority: 2,
        status: 'DECLINED',
      });
      await db().update(users).set({ current_establishment_id: id }).where(eq(users.id, creator.user.id));
      const res = await creator.api('DELETE', `/api/establishments/${id}/`);
      expect(res.statusCode).toBe(204);
      expect(await rowOf(id)).toBeUndefined();
      expect(await db().select().from(employments).where(eq(employments.establishment_id, id))).toEqual([]);
      const [me] = await db().select().from(users).where(eq(users.id, creator.user.id));
      expect(me?.current_establishment_id).toBeNull();
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'establishment.delete'), eq(auditLog.resource_id, id)));
      expect(audit?.actor_id).toBe(creator.user.id);
      // Gone is gone: a second delete is a 404.
      expect((await creator.api('DELETE', `/api/establishments/${id}/`)).statusCode).toBe(404);
    });
  });
});
