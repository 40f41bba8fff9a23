import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { messageTemplates } from '../../../db/schema/referrals.ts';
import { recordAudit, type AuditActor } from '../../audit/record-audit.ts';
import type { Caller } from '../../tenancy/caller.ts';
import { ownMessageTemplate, templateEstablishmentOf } from './message-template-rows.ts';

/** DELETE referrals/templates/messages/{id}/: removes one of the establishment's templates, audited. */
export async function deleteMessageTemplate(
  db: Database,
  options: { caller: Caller; actor: AuditActor; id: string },
): Promise<void> {
  const establishmentId = templateEstablishmentOf(options.caller);
  await db.transaction(async (tx) => {
    const current = await ownMessageTemplate(tx, establishmentId, options.id);
    await tx.delete(messageTemplates).where(eq(messageTemplates.id, current.id));
    await recordAudit(tx, options.actor, {
      action: 'message-template.delete',
      resourceType: 'message_template',
      resourceId: current.id,
    });
  });
}
