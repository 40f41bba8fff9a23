import type { DocumentReference } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { referrals } from '../../db/schema/referrals.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { Reader } from '../tenancy/caller.ts';
import { documentReferenceOf } from './fhir-referral.ts';
import type { FhirDocumentSearch } from './fhir-search-params.ts';
import { auditedReferral } from './read-fhir-referral.ts';
import { referralDocuments } from './referral-documents.ts';
import { NEWEST_CHANGE_FIRST, REFERRAL_CURSOR_AT, visibleReferralsFrom } from './referral-keyset.ts';

export type DocumentCursor = { updatedAt: string; id: string; skip: number };

/**
 * GET fhir/DocumentReference: the letters, attached files and reports of the referrals the caller sees
 * (referralsVisibleTo, and of each referral what the read gives: referralDocuments), walked as the referral
 * search walks them, newest change first (keyset on (updated_at, id), served by the same indexes), each
 * referral's documents in their own order. A page may end inside a referral: the cursor names it and how
 * many of its documents were given. Each referral a page shows documents of has its list audit row.
 */
export function searchFhirDocuments(
  db: Database,
  options: { caller: Reader; actor: AuditActor; search: FhirDocumentSearch; publicUrl: string },
): Promise<{ page: DocumentReference[]; next: DocumentCursor | null }> {
  const { caller, search } = options;
  const cursor = search._cursor;
  // From the cursor's referral on, itself included, for the documents left of it.
  const where = visibleReferralsFrom(caller, search, cursor, true);
  if (search.related) where.push(eq(referrals.id, search.related));
  return db.transaction(async (tx) => {
    // Every referral has its letter, so _count referrals fill a page; one more for the cursor's referral,
    // whose documents may all have been given, and one to know whether another page follows.
    const rows = await tx
      .select({ row: referrals, at: REFERRAL_CURSOR_AT })
      .from(referrals)
      .where(and(...where))
      .orderBy(...NEWEST_CHANGE_FIRST)
      .limit(search._count + 2);
    const page: DocumentReference[] = [];
    for (const { row, at } of rows) {
      if (page.length === search._count) return { page, next: { updatedAt: at, id: row.id, skip: 0 } };
      const skip = cursor && cursor.id === row.id && cursor.updatedAt === at ? cursor.skip : 0;
      const left = (await referralDocuments(tx, caller, row)).slice(skip);
      if (left.length === 0) continue;
      const room = search._count - page.length;
      const referral = await auditedReferral(tx, options, row, 'referral.list');
      page.push(...left.slice(0, room).map((d) => documentReferenceOf(referral, d, options.publicUrl)));
      if (left.length > room) return { page, next: { updatedAt: at, id: row.id, skip: skip + room } };
    }
    return { page, next: null };
  });
}
