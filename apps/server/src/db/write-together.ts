import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Queryable } from './database.ts';

/**
 * Runs several inserts that do not read each other's rows as one statement, each but the last a
 * data-modifying WITH of the next (PostgreSQL runs them all, on one snapshot): one round trip where
 * each would take its own. A write's history, notification and audit rows go together this way.
 */
export async function insertTogether(q: Queryable, inserts: readonly SQLWrapper[]): Promise<void> {
  // Their SQL, not the builders: drizzle writes an embedded builder in parentheses, which WITH refuses.
  const statements = inserts.map((insert) => insert.getSQL());
  const last = statements.at(-1);
  if (last === undefined) return;
  const before = statements.slice(0, -1).map((insert, i) => sql`${sql.raw(`w${i}`)} as (${insert})`);
  await q.execute(before.length === 0 ? sql`${last}` : sql`with ${sql.join(before, sql`, `)} ${last}`);
}
