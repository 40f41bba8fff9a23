import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_APPROVED_MESSAGE,
  ALREADY_VERIFIED_MESSAGE,
  APPROVE_BEFORE_VERIFYING_MESSAGE,
} from '@referrals/domain/establishments/establishment-approval';
import { createEstablishment, type Establishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { JOIN_MESSAGES } from '../employments/join-request.ts';
import { establishmentBody, signedInPerson, type Person } from './establishment-test-people.ts';

const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };

describe('the platform administrators approve and verify new establishments', () => {
  let t: TestApp;
  let admin: Person;
  let manager: Person;
  let doctor: Person;
  let hospital: Establishment;
  const db = () => t.database.db;
  const rowOf = async (id: string) =>
    (await db().select().from(establishments).where(eq(establishments.id, id)))[0];
  const auditsOf = (id: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, id), eq(auditLog.action, action)));
  const queueIds = async () =>
    (await admin.api('GET', '/api/platform/establishments/?page_size=100'))
      .json<{ results: { id: string }[] }>()
      .results.map((entry) => entry.id);
  /** Created by `by`, or by a new practice manager (one person has at most a primary and a secondary). */
  const create = async (body: Record<string, unknown>, by?: Person) => {
    const creator = by ?? (await signedInPerson(t.app, db(), { user: { role: 'PM' } }));
    const res = await creator.api('POST', '/api/establishments/', establishmentBody(body));
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const practice = await createEstablishment(db(), { name: 'Harbourside Family Medical Practice' });
    hospital = await createEstablishment(db(), { name: 'Royal Eastern Hospital', type: 'HL' });
    admin = await signedInPerson(t.app, db(), {
      user: { role: 'PM', first_name: 'Alex', last_name: 'Admin', is_platform_admin: true },
    });
    manager = await signedInPerson(t.app, db(), {
      user: { role: 'PM', first_name: 'Karen', last_name: 'Obrien' },
      at: practice.id,
      employment: { is_account_holder: true, priority: 1 },
    });
    doctor = await signedInPerson(t.app, db(), { user: { role: 'GP' } });
  });
  afterAll(() => t.app.close());

  it('keeps a new establishment from joining and from the lists until approved, then offers it', async () => {
    const id = await create({ name: 'Bayside Family Clinic' }, manager);
    const listed = async () =>
      (await doctor.api('GET', '/api/establishments/?type=CL&keyword=Bayside'))
        .json<{ results: { id: string }[] }>()
        .results.map((entry) => entry.id);

    expect(await listed()).toEqual([]);
    const refused = await doctor.api('POST', '/api/profile/employments/', { establishment_id: id });
    expect(refused.statusCode).toBe(400);
    // The doctor cannot read it yet, so it is as unknown to them as a missing id.
    expect(refused.json()).toEqual({ establishment_id: [JOIN_MESSAGES.notFound] });

    const queue = await admin.api('GET', '/api/platform/establishments/');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().results).toContainEqual(
      expect.objectContaining({
        id,
        name: 'Bayside Family Clinic',
        type: { value: 'CL', display: 'Clinic' },
        is_approved: false,
        is_verified: false,
        created_by: { id: manager.user.id, name: 'Karen Obrien', email: manager.user.email },
      }),
    );

    const approved = await admin.api('POST', `/api/platform/establishments/${id}/approve/`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id, is_approved: true, is_verified: false });
    expect(await auditsOf(id, 'establishment.approve')).toEqual([
      expect.objectContaining({ actor_id: admin.user.id, outcome: 'success' }),
    ]);

    expect(await listed()).toEqual([id]);
    const joined = await doctor.api('POST', '/api/profile/employments/', { establishment_id: id });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().status.value).toBe('REQUESTED');
  });

  it('verifies only after approving, each once, and the queue empties of what is decided', async () => {
    const id = await create({ name: 'Coogee Skin Clinic' });
    expect(await queueIds()).toContain(id);

    const early = await admin.api('POST', `/api/platform/establishments/${id}/verify/`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: APPROVE_BEFORE_VERIFYING_MESSAGE });
    expect(await rowOf(id)).toMatchObject({ is_approved: false, is_verified: false });

    expect((await admin.api('POST', `/api/platform/establishments/${id}/approve/`)).statusCode).toBe(200);
    const again = await admin.api('POST', `/api/platform/establishments/${id}/approve/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ALREADY_APPROVED_MESSAGE });
    // Approved but not verified: still waiting, for verification now.
    expect(await queueIds()).toContain(id);

    const verified = await admin.api('POST', `/api/platform/establishments/${id}/verify/`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ is_approved: true, is_verified: true });
    expect(await auditsOf(id, 'establishment.verify')).toHaveLength(1);
    expect(await queueIds()).not.toContain(id);
    const twice = await admin.api('POST', `/api/platform/establishments/${id}/verify/`);
    expect(twice.json()).toEqual({ detail: ALREADY_VERIFIED_MESSAGE });
  });

  it('offers an approved department for joining only once it is verified', async () => {
    const department = await createEstablishment(db(), {
      name: 'Dermatology',
      type: 'DT',
      hospital_id: hospital.id,
      is_approved: true,
      is_verified: false,
      accepts_join_requests: true,
    });
    const join = () =>
      doctor.api('POST', '/api/profile/employments/?validate', { establishment_id: department.id });
    expect((await join()).json()).toEqual({ establishment_id: [JOIN_MESSAGES.departmentNotVerified] });
    expect(
      (await admin.api('POST', `/api/platform/establishments/${department.id}/verify/`)).statusCode,
    ).toBe(200);
    expect((await join()).statusCode).toBe(200);
  });

  it('refuses everyone else, account holders included, and changes nothing', async () => {
    const id = await create({ name: 'Maroubra Physio' });
    for (const person of [manager, doctor]) {
      const queue = await person.api('GET', '/api/platform/establishments/');
      expect(queue.statusCode).toBe(403);
      expect(queue.json()).toEqual(FORBIDDEN);
      for (const action of ['approve', 'verify']) {
        const res = await person.api('POST', `/api/platform/establishments/${id}/${action}/`);
        expect(res.statusCode).toBe(403);
      }
    }
    expect(await rowOf(id)).toMatchObject({ is_approved: false, is_verified: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/platform/establishments/' })).statusCode).toBe(
      401,
    );
  });

  it('cannot be made a platform administrator through the profile', async () => {
    const profile = (await doctor.api('GET', '/api/profile/')).json();
    expect(profile.is_platform_admin).toBe(false);
    const res = await doctor.api('PATCH', '/api/profile/', {
      is_platform_admin: true,
      version: profile.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_platform_admin).toBe(false);
    expect((await doctor.api('GET', '/api/platform/establishments/')).statusCode).toBe(403);
    expect((await admin.api('GET', '/api/profile/')).json().is_platform_admin).toBe(true);
  });

  it('answers 404 for an unknown id or a personal space', async () => {
    const personal = await createEstablishment(db(), { type: 'PA', is_approved: false });
    for (const id of ['00000000-0000-4000-8000-000000000000', personal.id]) {
      expect((await admin.api('POST', `/api/platform/establishments/${id}/approve/`)).json()).toEqual({
        detail: 'Not found.',
      });
    }
    expect(await queueIds()).not.toContain(personal.id);
    expect((await admin.api('POST', '/api/platform/establishments/not-an-id/approve/')).statusCode).toBe(400);
  });
});
