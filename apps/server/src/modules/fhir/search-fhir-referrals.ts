import { and, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { referralStatusesOf } from '@referrals/domain/fhir/referral-task-states';
import type { Database } from '../../db/database.ts';
import { referrals } from '../../db/schema/referrals.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { referralsVisibleTo } from '../referrals/referral-visibility.ts';
import type { Reader } from '../tenancy/caller.ts';
import type { FhirReferralSearch } from './fhir-search-params.ts';
import { fhirReferralOf, type FhirReferral } from './read-fhir-referral.ts';

const CURSOR_AT = sql<string>`to_char(${referrals.updated_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const COMPARISONS = { ge: gte, gt, le: lte, lt, eq } as const;

/**
 * GET fhir/ServiceRequest and fhir/Task: the referrals the caller sees (referralsVisibleTo, the API's
 * tenancy), newest change first, one page after `cursor` (keyset paging on (updated_at, id), which the
 * sender and receiver _lastUpdated indexes serve), each with its list audit row in the read's transaction.
 */
export function searchFhirReferrals(
  db: Database,
  options: { caller: Reader; actor: AuditActor; kind: 'serviceRequest' | 'task'; search: FhirReferralSearch },
): Promise<{ page: FhirReferral[]; next: { updatedAt: string; id: string } | null }> {
  const { caller, search } = options;
  const where: (SQL | undefined)[] = [referralsVisibleTo(caller)];
  if (search._id) where.push(inArray(referrals.id, search._id));
  if (search.patient) where.push(eq(referrals.patient_id, search.patient));
  if (search.status) {
    const statuses = search.status.flatMap((status) => referralStatusesOf(options.kind, status));
    where.push(statuses.length > 0 ? inArray(referrals.status, statuses) : sql`false`);
  }
  for (const bound of search._lastUpdated ?? []) {
    where.push(COMPARISONS[bound.prefix](referrals.updated_at, new Date(bound.value)));
  }
  const cursor = search._cursor;
  if (cursor) {
    // The cursor keeps PostgreSQL's microseconds, which a JavaScript date would round away.
    const at = sql`${cursor.updatedAt}::timestamptz`;
    where.push(
      or(
        sql`${referrals.updated_at} < ${at}`,
        and(sql`${referrals.updated_at} = ${at}`, lt(referrals.id, cursor.id)),
      ),
    );
  }
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ row: referrals, at: CURSOR_AT })
      .from(referrals)
      .where(and(...where))
      .orderBy(desc(referrals.updated_at), desc(referrals.id))
      .limit(search._count + 1);
    const shown = rows.slice(0, search._count);
    const page: FhirReferral[] = [];
    for (const { row } of shown) page.push(await fhirReferralOf(tx, options, row, 'referral.list'));
    const last = shown.at(-1);
    return {
      page,
      next: rows.length > search._count && last ? { updatedAt: last.at, id: last.row.id } : null,
    };
  });
}
