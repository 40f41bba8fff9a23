import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { queryRows } from '../../db/database.ts';
import { rateLimitBuckets } from '../../db/schema/auth.ts';

/**
 * A leaky bucket: it holds `capacity` hits and drains completely in `drainMinutes`, continuously. A burst
 * gets `capacity` hits and then one more each `drainMinutes / capacity`; unlike counts per clock-aligned
 * window there is no edge where twice the limit fits.
 */
export type BucketRule = { capacity: number; drainMinutes: number };

export type BucketHit = {
  /** The hit fitted; false once the bucket is full. */
  allowed: boolean;
  /** This hit was the first that did not fit: the moment to lock, alert or audit, once per filling. */
  filled: boolean;
};

/**
 * Adds a hit to the bucket `key` and answers whether it fitted. One upsert does the draining, the adding
 * and the answer under the row's lock, so concurrent hits from any number of server processes are each
 * counted and none can race past the limit. A refused hit adds nothing: a full bucket lets one more hit
 * through each `drainMinutes / capacity`, however hard it is hammered.
 */
export async function hitBucket(q: Queryable, key: string, rule: BucketRule): Promise<BucketHit> {
  const perSecond = rule.capacity / (rule.drainMinutes * 60);
  const b = rateLimitBuckets;
  const drained = sql`greatest(0, ${b.level} - extract(epoch from (now() - ${b.updated_at})) * ${perSecond}::float8)`;
  const fits = sql`(${drained} + 1 <= ${rule.capacity})`;
  const [row] = await queryRows<{ allowed: boolean; filled: boolean }>(
    q,
    sql`insert into ${b} (key, level, full_since, updated_at)
        values (${key}, 1, null, now())
        on conflict (key) do update set
          level = case when ${fits} then ${drained} + 1 else ${drained} end,
          full_since = case when ${fits} then null else coalesce(${b.full_since}, now()) end,
          updated_at = now()
        returning full_since is null as allowed, full_since = now() as filled`,
  );
  if (!row) throw new Error('the rate limit bucket was not written');
  return { allowed: row.allowed, filled: row.filled === true };
}

/** Takes one hit back out, e.g. a sign-in attempt that turned out to be right. */
export async function refundHit(q: Queryable, key: string): Promise<void> {
  await q
    .update(rateLimitBuckets)
    .set({ level: sql`greatest(0, ${rateLimitBuckets.level} - 1)` })
    .where(eq(rateLimitBuckets.key, key));
}

/** Empties the bucket, e.g. when the owner of a locked account proves it is theirs. */
export async function emptyBucket(q: Queryable, key: string): Promise<void> {
  await q.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}
