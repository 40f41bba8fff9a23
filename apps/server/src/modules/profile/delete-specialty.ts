import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { specialties } from '../../db/schema/people.ts';
import { notFound } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

/**
 * DELETE profile/specialties/{id}/: removes one of the caller's own specialties, with its audit row, in one
 * transaction. Someone else's specialty, or one already gone, is a 404 and nothing changes.
 */
export async function deleteSpecialty(
  db: Database,
  options: { userId: string; actor: AuditActor; id: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(specialties)
      .where(and(eq(specialties.id, options.id), eq(specialties.user_id, options.userId)))
      .returning({ practice: specialties.practice, priority: specialties.priority });
    if (!removed) throw notFound();
    await recordAudit(tx, options.actor, {
      action: 'profile.specialty.delete',
      resourceType: 'specialty',
      resourceId: options.id,
      detail: removed,
    });
  });
}
