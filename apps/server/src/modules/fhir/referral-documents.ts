import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { referralAttachments } from '../../db/schema/referrals.ts';
import { reports } from '../../db/schema/reports.ts';
import type { Reader } from '../tenancy/caller.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';
import { referralSideOf } from '../referrals/referral-visibility.ts';
import type { ReferralDocument } from './fhir-referral.ts';

/**
 * The documents of a referral the caller sees (docs/interop.md): its letter, each attached file and each
 * report the caller may read (a draft report only on the receiver side, as reportsVisibleTo says).
 */
export async function referralDocuments(
  q: Queryable,
  caller: Reader,
  referral: ReferralRow,
): Promise<ReferralDocument[]> {
  const files = await q
    .select({
      id: referralAttachments.id,
      kind: referralAttachments.kind,
      name: referralAttachments.original_name,
      content_type: referralAttachments.content_type,
      created_at: referralAttachments.created_at,
    })
    .from(referralAttachments)
    .where(eq(referralAttachments.referral_id, referral.id))
    .orderBy(asc(referralAttachments.created_at));
  // A draft report is its author's side's only (reportsVisibleTo): the receiver's.
  const readsDrafts = referralSideOf(caller, referral) === 'receiver';
  const written = await q
    .select({
      id: reports.id,
      title: reports.title,
      at: sql<Date>`coalesce(${reports.submitted_at}, ${reports.created_at})`,
    })
    .from(reports)
    .where(and(eq(reports.referral_id, referral.id), readsDrafts ? undefined : ne(reports.status, 'DRFT')))
    .orderBy(asc(reports.created_at));
  const base = `/api/referrals/${referral.id}`;
  return [
    {
      id: `letter-${referral.id}`,
      kind: 'letter',
      title: 'Referral letter',
      contentType: 'application/pdf',
      url: `${base}/pdf/`,
      date: (referral.submitted_at ?? referral.created_at).toISOString(),
    },
    ...files.map((file) => ({
      id: `attachment-${file.id}`,
      kind: 'attachment' as const,
      title: file.name,
      contentType: file.content_type,
      url: `${base}/${file.kind}-attachments/${file.id}/file/`,
      date: file.created_at.toISOString(),
    })),
    ...written.map((report) => ({
      id: `report-${report.id}`,
      kind: 'report' as const,
      title: report.title,
      contentType: 'application/pdf',
      url: `${base}/pdf/?mode=report&report_id=${report.id}`,
      date: new Date(report.at).toISOString(),
    })),
  ];
}
