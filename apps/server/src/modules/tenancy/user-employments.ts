import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments } from '../../db/schema/people.ts';

export type EmploymentWithEstablishment = {
  employment: typeof employments.$inferSelect;
  establishment: typeof establishments.$inferSelect;
};

/**
 * A person's employments with their establishments, primary first (then by when they began), as the profile
 * and the employment changes show them. The caller's access reads its own slimmer shape with the session
 * (tenancy/caller.ts).
 */
export function employmentsWithEstablishments(
  q: Queryable,
  userId: string,
): Promise<EmploymentWithEstablishment[]> {
  return q
    .select({ employment: employments, establishment: establishments })
    .from(employments)
    .innerJoin(establishments, eq(establishments.id, employments.establishment_id))
    .where(eq(employments.user_id, userId))
    .orderBy(asc(employments.priority), asc(employments.created_at));
}
