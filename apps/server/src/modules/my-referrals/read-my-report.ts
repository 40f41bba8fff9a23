import { sql, type SQL } from 'drizzle-orm';
import type { MyReport } from '@referrals/domain/my-referrals/my-referral-schemas';
import { queryRows, type Database, type Queryable } from '../../db/database.ts';
import { notFound } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { nameOf } from './list-my-referrals.ts';
import { patientRecordsOfAccount } from './patient-records-of-account.ts';

type Row = {
  id: string;
  referral_id: string;
  patient_id: string;
  title: string;
  report_body: string;
  submitted_at: Date | string | null;
  author_title: string | null;
  author_first: string | null;
  author_last: string | null;
  establishment: string | null;
};

/**
 * The sent reports addressed to `recipient` that `where` (on `rep`, the report, and `r`, its referral)
 * picks, oldest first, as a reader outside the clinic reads them (a patient's own account, an access
 * link's reader), with the patient each is about for the audit row the caller writes.
 */
export async function reportsForReader(
  q: Queryable,
  options: { recipient: 'referrer' | 'patient'; where: SQL },
): Promise<(MyReport & { patient_id: string })[]> {
  const recipient = JSON.stringify([{ type: options.recipient }]);
  const rows = await queryRows<Row>(
    q,
    sql`select rep.id, rep.referral_id, r.patient_id, rep.title, rep.report_body, rep.submitted_at,
        author.title as author_title, author.first_name as author_first, author.last_name as author_last,
        e.name as establishment
      from reports rep
      join referrals r on r.id = rep.referral_id
      left join users author on author.id = rep.author_id
      left join establishments e on e.id = rep.author_establishment_id
      where rep.status <> 'DRFT' and not r.is_deleted and rep.recipients @> ${recipient}::jsonb
        and ${options.where}
      order by rep.submitted_at, rep.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    referral_id: row.referral_id,
    patient_id: row.patient_id,
    title: row.title,
    report_body: row.report_body,
    submitted_at: row.submitted_at === null ? null : new Date(row.submitted_at).toISOString(),
    author: nameOf(row.author_title, row.author_first, row.author_last),
    establishment: row.establishment,
  }));
}

/**
 * GET my/reports/{id}/: a sent report addressed to the signed-in patient (its recipients include
 * `patient`) on a referral about them, with its audit row. Any other report, a draft included, is the 404
 * of a missing one.
 */
export async function readMyReport(
  db: Database,
  options: { userId: string; actor: AuditActor; reportId: string },
): Promise<MyReport> {
  return db.transaction(async (tx) => {
    const [found] = await reportsForReader(tx, {
      recipient: 'patient',
      where: sql`rep.id = ${options.reportId}
        and r.patient_id in (${patientRecordsOfAccount(options.userId)})`,
    });
    if (!found) throw notFound();
    const { patient_id: patientId, ...report } = found;
    await recordAudit(tx, options.actor, {
      action: 'report.read',
      resourceType: 'report',
      resourceId: report.id,
      patientId,
      detail: { as: 'patient' },
    });
    return report;
  });
}
