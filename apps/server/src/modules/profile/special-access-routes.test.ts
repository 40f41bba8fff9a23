import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIAL_ACCESS_NOT_APPLICABLE_MESSAGE } from '@referrals/domain/profile/special-access';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import {
  createEmployment,
  createEstablishment,
  createUser,
  type Employment,
} from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { employments } from '../../db/schema/people.ts';
import { hashPassword } from '../auth/passwords.ts';

const PASSWORD = 'special-access-password';

describe('asking for head of department and special access (registration page 4)', () => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof signedInAs>>;
  let hospitalJob: Employment;
  let departmentJob: Employment;
  let practiceJob: Employment;
  let someoneElsesJob: Employment;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const me = await createUser(db, {
      role: 'SP',
      registration_completed: false,
      password_hash: await hashPassword(PASSWORD),
    });
    const other = await createUser(db);
    const hospital = await createEstablishment(db, { name: 'Royal Eastern Hospital', type: 'HL' });
    const department = await createEstablishment(db, { name: 'Cardiology', type: 'DT' });
    const practice = await createEstablishment(db, { name: 'Glebe Family Practice', type: 'PR' });
    hospitalJob = await createEmployment(db, {
      user_id: me.id,
      establishment_id: hospital.id,
      priority: 1,
      status: 'UNVERIFIED',
    });
    departmentJob = await createEmployment(db, {
      user_id: me.id,
      establishment_id: department.id,
      priority: 2,
      status: 'UNVERIFIED',
    });
    practiceJob = await createEmployment(db, {
      user_id: me.id,
      establishment_id: practice.id,
      priority: 3,
    });
    someoneElsesJob = await createEmployment(db, { user_id: other.id, establishment_id: hospital.id });
    api = await signedInAs(t.app, me.email, PASSWORD);
  });
  afterAll(() => t.app.close());

  const stored = async (id: string) =>
    (await t.database.db.select().from(employments).where(eq(employments.id, id)))[0];

  it("saves the requests on the caller's hospital and department employments and answers the profile", async () => {
    const res = await api('PUT', '/api/profile/special-access/', [
      { employment_id: hospitalJob.id, head_of_department_requested: false, special_access_requested: true },
      { employment_id: departmentJob.id, head_of_department_requested: true, special_access_requested: true },
    ]);
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(res.json().employments.map((e: { id: string }) => [e.id, e] as const));
    expect(byId[hospitalJob.id]).toMatchObject({
      head_of_department_requested: false,
      special_access_requested: true,
      // Asking is not being granted: the account holder decides.
      is_head_of_department: false,
      has_special_access: false,
    });
    expect(byId[departmentJob.id]).toMatchObject({
      head_of_department_requested: true,
      special_access_requested: true,
    });
    expect(await stored(departmentJob.id)).toMatchObject({ head_of_department_requested: true });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'employment.special-access-request'),
          eq(auditLog.resource_id, departmentJob.id),
        ),
      );
    expect(audit).toHaveLength(1);

    // Answering again replaces the earlier answer.
    await api('PUT', '/api/profile/special-access/', [
      {
        employment_id: departmentJob.id,
        head_of_department_requested: false,
        special_access_requested: false,
      },
    ]);
    expect(await stored(departmentJob.id)).toMatchObject({
      head_of_department_requested: false,
      special_access_requested: false,
    });
  });

  it("answers 404 for another user's employment, or an unknown id, and changes nothing", async () => {
    for (const employment_id of [someoneElsesJob.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await api('PUT', '/api/profile/special-access/', [
        { employment_id: hospitalJob.id, head_of_department_requested: true, special_access_requested: true },
        { employment_id, head_of_department_requested: true, special_access_requested: true },
      ]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect(await stored(someoneElsesJob.id)).toMatchObject({ special_access_requested: false });
    expect(await stored(hospitalJob.id)).toMatchObject({ head_of_department_requested: false });
  });

  it('refuses an employment at a general practice with a field error', async () => {
    const res = await api('PUT', '/api/profile/special-access/', [
      { employment_id: practiceJob.id, head_of_department_requested: true, special_access_requested: false },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ employment_id: [SPECIAL_ACCESS_NOT_APPLICABLE_MESSAGE] });
  });

  it('validates the body and needs a sign-in', async () => {
    const bad = await api('PUT', '/api/profile/special-access/', [{ employment_id: hospitalJob.id }]);
    expect(bad.statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: 'PUT', url: '/api/profile/special-access/', payload: [] });
    expect(signedOut.statusCode).toBe(401);
  });
});
