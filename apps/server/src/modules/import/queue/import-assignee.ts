import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database.ts';
import { employments, users } from '../../../db/schema/people.ts';
import { validationFailed } from '../../../http/api-errors.ts';
import { personRef } from '../../referrals/referral-refs.ts';

export const ASSIGNEE_NOT_IN_QUEUE = 'Choose a colleague at this establishment who accepts referrals.';

/**
 * The person an item may be assigned to: approved at the item's establishment with accept_referral, the
 * same people who work its queue (import-call.ts). Anyone else is a field error, never a 500 or a 404.
 */
export async function queueColleague(
  q: Queryable,
  establishmentId: string,
  userId: string,
): Promise<{ id: string; name: string }> {
  const [colleague] = await q
    .select({ id: users.id, title: users.title, first_name: users.first_name, last_name: users.last_name })
    .from(employments)
    .innerJoin(users, eq(users.id, employments.user_id))
    .where(
      and(
        eq(employments.user_id, userId),
        eq(employments.establishment_id, establishmentId),
        eq(employments.status, 'APPROVED'),
        sql`${employments.permissions} @> '["accept_referral"]'::jsonb`,
      ),
    )
    .limit(1);
  const ref = personRef(colleague ?? null);
  if (!ref) throw validationFailed({ assignee: [ASSIGNEE_NOT_IN_QUEUE] });
  return ref;
}
