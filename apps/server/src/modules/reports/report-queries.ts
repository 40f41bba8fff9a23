import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REFERRAL_STATUSES, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import { REPORT_STATUSES, type ReportStatus } from '@referrals/domain/reports/report-codes';
import { allowedReportActions } from '@referrals/domain/reports/report-lifecycle';
import { reportLetterPath } from '@referrals/domain/reports/report-paths';
import type { Report, ReportFile } from '@referrals/domain/reports/report-schemas';
import type { Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/people.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { reportFiles, reports } from '../../db/schema/reports.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';
import { personRef } from '../referrals/referral-refs.ts';
import { receivedByCaller, referralsVisibleTo } from '../referrals/referral-visibility.ts';
import type { Caller } from '../tenancy/caller.ts';

export type ReportRow = typeof reports.$inferSelect;
export type ReportFileRow = typeof reportFiles.$inferSelect;

/**
 * Report tenancy, in one place: a report is seen by whoever sees its referral (referral-visibility.ts),
 * except a draft, which only the referral's receiver side (its author's side) sees. Anything else answers
 * like a missing id (404).
 */
export function reportsVisibleTo(caller: Caller): SQL {
  return sql`(${referralsVisibleTo(caller)}
    and (${reports.status} <> 'DRFT' or ${receivedByCaller(caller)}))`;
}

/** The report and its referral when the caller may see them, the report row optionally locked. */
export async function findVisibleReport(
  q: Queryable,
  caller: Caller,
  ids: { reportId: string; referralId?: string },
  options: { lock?: boolean } = {},
): Promise<{ report: ReportRow; referral: ReferralRow } | undefined> {
  const where = [eq(reports.id, ids.reportId), reportsVisibleTo(caller)];
  if (ids.referralId !== undefined) where.push(eq(reports.referral_id, ids.referralId));
  const query = q
    .select({ report: reports, referral: referrals })
    .from(reports)
    .innerJoin(referrals, eq(referrals.id, reports.referral_id))
    .where(and(...where));
  const [found] = await (options.lock ? query.for('update', { of: reports }) : query);
  return found;
}

/** Whether the caller's side has the report unread: the recipient's before opening, the author's after a review. */
export function reportUnread(report: ReportRow, side: ReferralSideOfCaller): boolean {
  if (side === 'sender') return report.recipient_unread;
  if (side === 'receiver') return report.author_unread;
  return false;
}

export function toReportFile(row: ReportFileRow): ReportFile {
  return {
    id: row.id,
    kind: row.kind as ReportFile['kind'],
    file: `/api/reports/${row.report_id}/files/${row.id}/`,
    original_name: row.original_name,
    content_type: row.content_type,
    size: row.size,
    created_at: row.created_at.toISOString(),
  };
}

const referrer = alias(users, 'referrer');
const author = alias(users, 'author');
const reviewer = alias(users, 'reviewer');
const sender = alias(establishments, 'sender');
const receiver = alias(establishments, 'receiver');

/** The report as GET referrals/{id}/reports/{rid}/ answers it, for a report the caller may see. */
export async function reportDetail(
  q: Queryable,
  caller: Caller,
  report: ReportRow,
  referral: ReferralRow,
  side: ReferralSideOfCaller,
): Promise<Report> {
  const [refs] = await q
    .select({
      patient: {
        id: patients.id,
        first_name: patients.first_name,
        last_name: patients.last_name,
        dob: patients.dob,
      },
      referrer: {
        id: referrer.id,
        title: referrer.title,
        first_name: referrer.first_name,
        last_name: referrer.last_name,
      },
      author: {
        id: author.id,
        title: author.title,
        first_name: author.first_name,
        last_name: author.last_name,
      },
      reviewer: {
        id: reviewer.id,
        title: reviewer.title,
        first_name: reviewer.first_name,
        last_name: reviewer.last_name,
      },
      sender: { id: sender.id, name: sender.name },
      receiver: { id: receiver.id, name: receiver.name },
    })
    .from(reports)
    .innerJoin(referrals, eq(referrals.id, reports.referral_id))
    .leftJoin(patients, eq(patients.id, referrals.patient_id))
    .leftJoin(referrer, eq(referrer.id, referrals.referrer_id))
    .leftJoin(author, eq(author.id, reports.author_id))
    .leftJoin(reviewer, eq(reviewer.id, reports.reviewed_by_id))
    .leftJoin(sender, eq(sender.id, referrals.from_establishment_id))
    .leftJoin(receiver, eq(receiver.id, referrals.to_establishment_id))
    .where(eq(reports.id, report.id));
  const files = await q
    .select()
    .from(reportFiles)
    .where(eq(reportFiles.report_id, report.id))
    .orderBy(asc(reportFiles.created_at), asc(reportFiles.id));
  const status = report.status as ReportStatus;
  const referralStatus = referral.status as ReferralStatus;
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    id: report.id,
    version: report.version,
    referral: {
      id: referral.id,
      status: { value: referralStatus, display: REFERRAL_STATUSES[referralStatus] },
      patient: refs?.patient ?? null,
      referrer: personRef(refs?.referrer ?? null),
      from_establishment: refs?.sender ?? null,
      to_establishment: refs?.receiver ?? null,
    },
    status: { value: status, display: REPORT_STATUSES[status] },
    title: report.title,
    report_body: report.report_body,
    recipients: report.recipients,
    track_email_notification: report.track_email_notification,
    signature: report.signature_image ? `/api/reports/${report.id}/signature/` : null,
    report_uploads: files.filter((f) => f.kind === 'upload').map(toReportFile),
    report_attachments: files.filter((f) => f.kind === 'attachment').map(toReportFile),
    author: personRef(refs?.author ?? null),
    submitted_at: iso(report.submitted_at),
    viewed_at: iso(report.viewed_at),
    reviewed_at: iso(report.reviewed_at),
    reviewed_by: personRef(refs?.reviewer ?? null),
    side,
    unread: reportUnread(report, side),
    allowed_actions: side === 'shared' ? [] : allowedReportActions(status, side),
    pdf: reportLetterPath(referral.id, report.id),
    created_at: report.created_at.toISOString(),
    updated_at: report.updated_at.toISOString(),
  };
}
