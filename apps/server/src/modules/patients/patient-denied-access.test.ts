import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createEstablishment, createPatient } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { DENIED_ACCESS_AUDIT_LIMIT } from '../audit/denied-access.ts';

describe('a caller asking for another establishment’s patient', () => {
  let t: TestApp;
  let theirs: string;
  let prober: Person;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const harbour = (await createEstablishment(db, { name: 'Harbour Practice' })).id;
    const hill = (await createEstablishment(db, { name: 'Hill Clinic' })).id;
    theirs = (await createPatient(db, { establishment_id: harbour })).id;
    prober = await signedInPerson(t.app, db, { at: hill });
  });
  afterAll(() => t.app.close());

  const denials = () =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, prober.user.id), eq(auditLog.outcome, 'denied')))
      .orderBy(auditLog.id);

  it('gets a 404, and the audit records who asked, on which route, for which record', async () => {
    expect((await prober.api('GET', `/api/patients/${theirs}/`)).statusCode).toBe(404);
    expect((await prober.api('GET', `/api/patients/${theirs}/carers/`)).statusCode).toBe(404);
    const rows = await denials();
    expect(rows.map((r) => [r.action, r.resource_id, r.detail])).toEqual([
      ['patient.access-denied', theirs, { route: '/api/patients/:id/', method: 'GET' }],
      ['patient.access-denied', theirs, { route: '/api/patients/:id/carers/', method: 'GET' }],
    ]);
    expect(rows[0]?.ip).toBeTruthy();
  });

  it('cannot flood the audit by probing: past the limit one row says so, then nothing', async () => {
    const probes = DENIED_ACCESS_AUDIT_LIMIT.capacity + 20;
    for (let i = 0; i < probes; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      expect((await prober.api('GET', `/api/patients/${id}/`)).statusCode).toBe(404);
    }
    const rows = await denials();
    expect(rows).toHaveLength(DENIED_ACCESS_AUDIT_LIMIT.capacity + 1);
    expect(rows.at(-1)?.detail).toMatchObject({ further_denials: 'not recorded' });
  });
});
