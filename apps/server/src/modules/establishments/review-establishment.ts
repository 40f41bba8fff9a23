import { eq, sql } from 'drizzle-orm';
import {
  approvalRefusal,
  type ApprovalAction,
} from '@referrals/domain/establishments/establishment-approval';
import type { Database } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { conflict, notFound } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

/**
 * POST platform/establishments/{id}/approve/ and .../verify/: a platform administrator's decision on an
 * establishment, under a row lock so two administrators deciding at once get one success and one 409, with
 * the audit row in the same transaction. A personal space is not the platform's to decide (404).
 */
export async function reviewEstablishment(
  db: Database,
  options: { actor: AuditActor; id: string; action: ApprovalAction },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(establishments)
      .where(eq(establishments.id, options.id))
      .for('update');
    if (!row || row.type === 'PA') throw notFound();
    const refusal = approvalRefusal(row, options.action);
    if (refusal) throw conflict(refusal);
    await tx
      .update(establishments)
      .set({
        ...(options.action === 'approve' ? { is_approved: true } : { is_verified: true }),
        updated_at: new Date(),
        version: sql`${establishments.version} + 1`,
      })
      .where(eq(establishments.id, options.id));
    await recordAudit(tx, options.actor, {
      action: options.action === 'approve' ? 'establishment.approve' : 'establishment.verify',
      resourceType: 'establishment',
      resourceId: options.id,
      detail: { name: row.name, type: row.type },
    });
  });
}
