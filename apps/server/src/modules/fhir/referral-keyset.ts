import { and, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { referrals } from '../../db/schema/referrals.ts';
import { referralsVisibleTo } from '../referrals/referral-visibility.ts';
import type { Reader } from '../tenancy/caller.ts';
import type { FhirReferralSearch } from './fhir-search-params.ts';

/** A referral's last change as the cursor keeps it: PostgreSQL's microseconds, which a JavaScript date would round away. */
export const REFERRAL_CURSOR_AT = sql<string>`to_char(${referrals.updated_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Newest change first, the order the sender and receiver _lastUpdated indexes serve. */
export const NEWEST_CHANGE_FIRST = [desc(referrals.updated_at), desc(referrals.id)];

const COMPARISONS = { ge: gte, gt, le: lte, lt, eq } as const;

/**
 * What the FHIR searches over referrals share (ServiceRequest, Task, DocumentReference): the referrals the
 * caller sees (referralsVisibleTo), of a patient, changed within `_lastUpdated`, from `cursor` on in
 * NEWEST_CHANGE_FIRST order (keyset paging on (updated_at, id)): after the cursor's referral, or from it on
 * when `withCursor` (a page of documents may end inside a referral).
 */
export function visibleReferralsFrom(
  caller: Reader,
  search: Pick<FhirReferralSearch, 'patient' | '_lastUpdated'>,
  cursor: { updatedAt: string; id: string } | undefined,
  withCursor = false,
): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [referralsVisibleTo(caller)];
  if (search.patient) where.push(eq(referrals.patient_id, search.patient));
  for (const bound of search._lastUpdated ?? []) {
    where.push(COMPARISONS[bound.prefix](referrals.updated_at, new Date(bound.value)));
  }
  if (cursor) {
    const at = sql`${cursor.updatedAt}::timestamptz`;
    where.push(
      or(
        sql`${referrals.updated_at} < ${at}`,
        and(sql`${referrals.updated_at} = ${at}`, (withCursor ? lte : lt)(referrals.id, cursor.id)),
      ),
    );
  }
  return where;
}
