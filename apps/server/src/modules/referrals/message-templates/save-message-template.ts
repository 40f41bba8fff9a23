import { eq, sql } from 'drizzle-orm';
import type {
  MessageTemplate,
  MessageTemplateWrite,
} from '@referrals/domain/referrals/message-template-schemas';
import type { Database } from '../../../db/database.ts';
import { messageTemplates } from '../../../db/schema/referrals.ts';
import { recordAudit, type AuditActor } from '../../audit/record-audit.ts';
import type { Caller } from '../../tenancy/caller.ts';
import { messageTemplateOf, ownMessageTemplate, templateEstablishmentOf } from './message-template-rows.ts';

type SaveOptions = { caller: Caller; actor: AuditActor; body: MessageTemplateWrite };

/** POST referrals/templates/messages/: a new template of the caller's establishment, audited. */
export function createMessageTemplate(db: Database, options: SaveOptions): Promise<MessageTemplate> {
  const establishmentId = templateEstablishmentOf(options.caller);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messageTemplates)
      .values({ ...options.body, establishment_id: establishmentId })
      .returning();
    if (!row) throw new Error('message template insert returned no row');
    await recordAudit(tx, options.actor, {
      action: 'message-template.create',
      resourceType: 'message_template',
      resourceId: row.id,
    });
    return messageTemplateOf(row);
  });
}

/** PUT referrals/templates/messages/{id}/: replaces one of the establishment's templates, audited. */
export function updateMessageTemplate(
  db: Database,
  options: SaveOptions & { id: string },
): Promise<MessageTemplate> {
  const establishmentId = templateEstablishmentOf(options.caller);
  return db.transaction(async (tx) => {
    const current = await ownMessageTemplate(tx, establishmentId, options.id);
    const [row] = await tx
      .update(messageTemplates)
      .set({ ...options.body, updated_at: sql`now()`, version: sql`${messageTemplates.version} + 1` })
      .where(eq(messageTemplates.id, current.id))
      .returning();
    if (!row) throw new Error('message template update returned no row');
    await recordAudit(tx, options.actor, {
      action: 'message-template.update',
      resourceType: 'message_template',
      resourceId: row.id,
    });
    return messageTemplateOf(row);
  });
}
