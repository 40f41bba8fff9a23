import { and, eq, ilike, sql } from 'drizzle-orm';
import type {
  MyReferralTag,
  MyReferralTagListQuery,
} from '@referrals/domain/referrals/referral-annotation-schemas';
import type { Queryable } from '../../../db/database.ts';
import { escapeLike } from '../../../db/like-pattern.ts';
import { referralTags } from '../../../db/schema/referrals.ts';
import { pageWindow } from '../../../http/paging.ts';
import type { Caller } from '../../tenancy/caller.ts';
import { referralEstablishmentOf } from '../referral-visibility.ts';

/**
 * GET referrals/tags/: the labels the caller has tagged referrals with at their current establishment,
 * A to Z, paged: what "My tags" offers (section 3). my_tags matches labels whatever their case, so each
 * label is listed once, as the caller first spelt it. `search` keeps the labels containing the text, in
 * any case: the select asks as the user types, so a label beyond the first page can still be found.
 */
export async function listMyReferralTags(
  q: Queryable,
  options: { caller: Caller; query: MyReferralTagListQuery },
): Promise<{ count: number; results: MyReferralTag[] }> {
  const establishmentId = referralEstablishmentOf(options.caller);
  if (establishmentId === null) return { count: 0, results: [] };
  const { search } = options.query;
  const mine = and(
    eq(referralTags.user_id, options.caller.userId),
    eq(referralTags.establishment_id, establishmentId),
    search ? ilike(referralTags.label, `%${escapeLike(search)}%`) : undefined,
  );
  const key = sql`lower(${referralTags.label})`;
  const { limit, offset } = pageWindow(options.query);
  const [total] = await q
    .select({ n: sql<number>`count(distinct ${key})::int` })
    .from(referralTags)
    .where(mine);
  const rows = await q
    .select({
      label: sql<string>`(array_agg(${referralTags.label} order by ${referralTags.created_at}, ${referralTags.id}))[1]`,
    })
    .from(referralTags)
    .where(mine)
    .groupBy(key)
    .orderBy(key)
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: rows };
}
