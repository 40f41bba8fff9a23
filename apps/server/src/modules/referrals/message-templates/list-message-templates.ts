import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type {
  MessageTemplate,
  MessageTemplateListQuery,
} from '@referrals/domain/referrals/message-template-schemas';
import type { Queryable } from '../../../db/database.ts';
import { messageTemplates } from '../../../db/schema/referrals.ts';
import { pageWindow } from '../../../http/paging.ts';
import type { Caller } from '../../tenancy/caller.ts';
import { referralEstablishmentOf } from '../referral-visibility.ts';
import { messageTemplateOf } from './message-template-rows.ts';

/** GET referrals/templates/messages/: the current establishment's templates by name, paged. */
export async function listMessageTemplates(
  q: Queryable,
  options: { caller: Caller; query: MessageTemplateListQuery },
): Promise<{ count: number; results: MessageTemplate[] }> {
  const establishmentId = referralEstablishmentOf(options.caller);
  if (establishmentId === null) return { count: 0, results: [] };
  const where: SQL[] = [eq(messageTemplates.establishment_id, establishmentId)];
  if (options.query.message_type) where.push(eq(messageTemplates.message_type, options.query.message_type));
  const { limit, offset } = pageWindow(options.query);
  const [total] = await q
    .select({ n: count() })
    .from(messageTemplates)
    .where(and(...where));
  const rows = await q
    .select()
    .from(messageTemplates)
    .where(and(...where))
    .orderBy(asc(messageTemplates.name), asc(messageTemplates.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: rows.map(messageTemplateOf) };
}
