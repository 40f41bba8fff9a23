import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { specialties } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

describe('DELETE profile/specialties/{id}/', () => {
  let t: TestApp;
  let specialist: Person;
  let other: Person;
  const db = () => t.database.db;
  const add = async (person: Person, practice: string, priority: number) => {
    const res = await person.api('POST', '/api/profile/specialties/', { priority, practice, field: null });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const practices = async (person: Person) =>
    (await person.api('GET', '/api/profile/'))
      .json<{ specialties: { practice: string }[] }>()
      .specialties.map((specialty) => specialty.practice);

  beforeAll(async () => {
    t = await buildTestApp();
    specialist = await signedInPerson(t.app, db(), { user: { role: 'SP' } });
    other = await signedInPerson(t.app, db(), { user: { role: 'SP' } });
  });
  afterAll(() => t.app.close());

  it('removes one of the caller’s specialties, keeps the others and audits it', async () => {
    const cardiology = await add(specialist, 'CARDIOLOGY', 1);
    await add(specialist, 'DERMATOLOGY', 2);
    const res = await specialist.api('DELETE', `/api/profile/specialties/${cardiology}/`);
    expect(res.statusCode).toBe(204);
    expect(await practices(specialist)).toEqual(['DERMATOLOGY']);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, cardiology), eq(auditLog.action, 'profile.specialty.delete')));
    expect(audits).toEqual([expect.objectContaining({ actor_id: specialist.user.id })]);
    expect((await specialist.api('DELETE', `/api/profile/specialties/${cardiology}/`)).statusCode).toBe(404);
  });

  it('answers 404 for another user’s specialty and leaves it', async () => {
    const theirs = await add(other, 'NEUROLOGY', 1);
    const res = await specialist.api('DELETE', `/api/profile/specialties/${theirs}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect(await db().select().from(specialties).where(eq(specialties.id, theirs))).toHaveLength(1);
    expect((await specialist.api('DELETE', '/api/profile/specialties/nope/')).statusCode).toBe(400);
  });
});
