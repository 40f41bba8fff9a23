import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createEmployment, createEstablishment, createReferral } from '../../db/factories/factories.ts';
import { createPerson, signIn } from './employment-test-fixtures.ts';

describe('the establishment selector’s counters (GET profile/establishment-counters/)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('counts inbox referrals New, Under Review and Accepted for each establishment the caller may access', async () => {
    const db = t.database.db;
    const specialist = await createPerson(db, { role: 'SP' });
    const clinic = await createEstablishment(db, { type: 'CL' });
    const personal = await createEstablishment(db, { type: 'PA' });
    const pending = await createEstablishment(db);
    const other = await createEstablishment(db);
    await createEmployment(db, { user_id: specialist.id, establishment_id: clinic.id, priority: 1 });
    await createEmployment(db, { user_id: specialist.id, establishment_id: personal.id, priority: 3 });
    // A specialist needs an approved employment: a pending request gives no access, so no counters.
    await createEmployment(db, {
      user_id: specialist.id,
      establishment_id: pending.id,
      priority: 2,
      status: 'REQUESTED',
    });

    const inbox = (to: string, status: string, extra: Parameters<typeof createReferral>[1] = {}) =>
      createReferral(db, { to_establishment_id: to, status, ...extra });
    for (const status of ['SBMT', 'SBMT', 'SBMT', 'VWD', 'ACPT', 'ACPT', 'DRFT', 'SCHD', 'RTND']) {
      await inbox(clinic.id, status);
    }
    await inbox(clinic.id, 'SBMT', { receiver_archived: true });
    await inbox(clinic.id, 'ACPT', { receiver_deleted: true });
    // Archived by the sender only: still in the receiver's inbox.
    await inbox(clinic.id, 'UPDT', { sender_archived: true });
    await inbox(clinic.id, 'VWD', { is_deleted: true });
    await inbox(personal.id, 'VWD');
    await inbox(pending.id, 'SBMT');
    await inbox(other.id, 'SBMT');
    // Sent from the clinic, not to it: an outbox referral, not counted.
    await createReferral(db, {
      from_establishment_id: clinic.id,
      to_establishment_id: other.id,
      status: 'ACPT',
    });

    const res = await (await signIn(t.app, specialist))('GET', '/api/profile/establishment-counters/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { establishment_id: clinic.id, new: 4, under_review: 1, accepted: 2 },
      { establishment_id: personal.id, new: 0, under_review: 1, accepted: 0 },
    ]);
  });

  it('answers an empty list to someone with no establishment, and 401 to nobody', async () => {
    const loner = await createPerson(t.database.db);
    const res = await (await signIn(t.app, loner))('GET', '/api/profile/establishment-counters/');
    expect(res.json()).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/profile/establishment-counters/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
