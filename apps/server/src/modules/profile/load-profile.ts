import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments, users } from '../../db/schema/people.ts';

/** The profile as GET profile/ returns it: the user, their employments and their permissions. */
export async function loadProfile(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const jobs = await db
    .select({ employment: employments, establishment: establishments })
    .from(employments)
    .innerJoin(establishments, eq(establishments.id, employments.establishment_id))
    .where(eq(employments.user_id, userId))
    .orderBy(asc(employments.priority));
  const { password_hash: _hash, ...visible } = user;
  return { ...visible, employments: jobs.map((j) => ({ ...j.employment, establishment: j.establishment })) };
}
