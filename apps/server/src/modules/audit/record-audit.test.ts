import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit-log.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { asOwner } from '../../../test/test-database.ts';
import { recordAudit, type AuditActor } from './record-audit.ts';

const actor: AuditActor = {
  actorId: '6f1c1b7e-7a57-4c61-9d1f-3f3f0c2b9a01',
  establishmentId: '0c8d3c2a-5b6e-4f7a-8b9c-0d1e2f3a4b5c',
  ip: '203.0.113.7',
  requestId: 'req-audit-1',
};

describe('the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('records who did what to which patient, from where, in the same transaction', async () => {
    await t.database.db.transaction(async (tx) => {
      await recordAudit(tx, actor, {
        action: 'patient.read',
        resourceType: 'patient',
        resourceId: 'p-1',
        patientId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      });
    });
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.request_id, 'req-audit-1'));
    expect(row).toMatchObject({
      actor_id: actor.actorId,
      establishment_id: actor.establishmentId,
      action: 'patient.read',
      resource_type: 'patient',
      resource_id: 'p-1',
      patient_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      outcome: 'success',
      ip: '203.0.113.7',
    });
    expect(row?.occurred_at).toBeInstanceOf(Date);
  });

  it('leaves no row when the change it describes is rolled back', async () => {
    const rollback = new Error('the change failed');
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          { ...actor, requestId: 'req-rolled-back' },
          { action: 'referral.accept', resourceType: 'referral' },
        );
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.request_id, 'req-rolled-back'));
    expect(rows).toEqual([]);
  });

  it('refuses to change or remove a written row, even for the owner of the table', async () => {
    await recordAudit(
      t.database.db,
      { ...actor, requestId: 'req-kept' },
      { action: 'auth.sign-in', resourceType: 'user', outcome: 'failure' },
    );
    // drizzle wraps the database's error; the database's own message is the cause.
    const refusedAsAppendOnly = (error: unknown) =>
      String((error as { cause?: Error }).cause?.message).includes('append-only');
    await expect(
      asOwner(t.database, (tx) =>
        tx.execute(sql`update audit_log set outcome = 'success' where request_id = 'req-kept'`),
      ),
    ).rejects.toSatisfy(refusedAsAppendOnly);
    await expect(
      asOwner(t.database, (tx) => tx.execute(sql`delete from audit_log where request_id = 'req-kept'`)),
    ).rejects.toSatisfy(refusedAsAppendOnly);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.request_id, 'req-kept'));
    expect(rows.map((r) => r.outcome)).toEqual(['failure']);
  });
});
