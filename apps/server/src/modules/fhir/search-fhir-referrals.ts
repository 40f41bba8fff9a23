import { and, inArray, sql } from 'drizzle-orm';
import { referralStatusesOf } from '@referrals/domain/fhir/referral-task-states';
import type { Database } from '../../db/database.ts';
import { referrals } from '../../db/schema/referrals.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { Reader } from '../tenancy/caller.ts';
import type { FhirReferralSearch } from './fhir-search-params.ts';
import { fhirReferralOf, type FhirReferral } from './read-fhir-referral.ts';
import { NEWEST_CHANGE_FIRST, REFERRAL_CURSOR_AT, visibleReferralsFrom } from './referral-keyset.ts';

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
  const where = visibleReferralsFrom(caller, search, search._cursor);
  if (search._id) where.push(inArray(referrals.id, search._id));
  if (search.status) {
    const statuses = search.status.flatMap((status) => referralStatusesOf(options.kind, status));
    where.push(statuses.length > 0 ? inArray(referrals.status, statuses) : sql`false`);
  }
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ row: referrals, at: REFERRAL_CURSOR_AT })
      .from(referrals)
      .where(and(...where))
      .orderBy(...NEWEST_CHANGE_FIRST)
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
