import { and, eq } from 'drizzle-orm';
import {
  messageTemplateTypes,
  type MessageTemplate,
} from '@referrals/domain/referrals/message-template-schemas';
import type { Queryable } from '../../../db/database.ts';
import { messageTemplates } from '../../../db/schema/referrals.ts';
import { notFound, permissionDenied } from '../../../http/api-errors.ts';
import { isUuid } from '../../../http/ids.ts';
import type { Caller } from '../../tenancy/caller.ts';
import { referralEstablishmentOf } from '../referral-visibility.ts';

type MessageTemplateRow = typeof messageTemplates.$inferSelect;

/** The template as the API answers it. */
export function messageTemplateOf(row: MessageTemplateRow): MessageTemplate {
  const type = row.message_type;
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    message_type: messageTemplateTypes.isCode(type)
      ? messageTemplateTypes.coded(type)
      : { value: type, display: type },
    establishment: row.establishment_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The establishment whose templates the caller works with: where they act with access to its referrals.
 * Without one there are none to read (an empty list) and none to write (403).
 */
export function templateEstablishmentOf(caller: Caller): string {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null) throw permissionDenied();
  return establishmentId;
}

/** One of the establishment's templates, locked for a change; another establishment's is a 404. */
export async function ownMessageTemplate(
  q: Queryable,
  establishmentId: string,
  id: string,
): Promise<MessageTemplateRow> {
  const [row] = isUuid(id)
    ? await q
        .select()
        .from(messageTemplates)
        .where(and(eq(messageTemplates.id, id), eq(messageTemplates.establishment_id, establishmentId)))
        .for('update')
    : [];
  if (!row) throw notFound();
  return row;
}
