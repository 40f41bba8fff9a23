import { sql } from 'drizzle-orm';
import { personName } from '@referrals/domain/people/person-name';
import {
  PATIENT_REFERRAL_STATUS,
  PATIENT_VISIBLE_STATUSES,
  type MyReferral,
} from '@referrals/domain/my-referrals/my-referral-schemas';
import type { PageQuery } from '@referrals/domain/api';
import { queryRows, type Database } from '../../db/database.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { patientRecordsOfAccount } from './patient-records-of-account.ts';

type Row = {
  id: string;
  patient_id: string;
  status: keyof typeof PATIENT_REFERRAL_STATUS;
  type: string;
  receiver: string | null;
  specialist_title: string | null;
  specialist_first: string | null;
  specialist_last: string | null;
  referrer_title: string | null;
  referrer_first: string | null;
  referrer_last: string | null;
  referrer_establishment: string | null;
  submitted_at: Date | string | null;
  show_appointment_details: boolean;
  appointment_date: Date | string | null;
  appointment_location: string | null;
  reports: { id: string; title: string; submitted_at: string | null }[];
  total: number;
};

/** A person's name from nullable joined columns; null when the person is missing. */
export const nameOf = (title: string | null, first: string | null, last: string | null) =>
  first === null || last === null ? null : personName({ title, first_name: first, last_name: last });
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * GET my/referrals/: the referrals about the signed-in patient, newest first, paged, with the reports
 * addressed to them; one statement for the page and its count. Each referral shown is a read of the
 * patient's data, so each gets its audit row, in the same transaction.
 */
export async function listMyReferrals(
  db: Database,
  options: { userId: string; actor: AuditActor; query: PageQuery },
): Promise<{ count: number; results: MyReferral[] }> {
  const { query } = options;
  return db.transaction(async (tx) => {
    const rows = await queryRows<Row>(
      tx,
      sql`select r.id, r.patient_id, r.status, r.type,
        coalesce(receiver.name, r.referral_receiver_establishment_practice_name) as receiver,
        specialist.title as specialist_title, specialist.first_name as specialist_first,
        specialist.last_name as specialist_last,
        referrer.title as referrer_title, referrer.first_name as referrer_first,
        referrer.last_name as referrer_last, sender.name as referrer_establishment,
        r.submitted_at, r.show_appointment_details, r.appointment_date, r.appointment_location,
        coalesce((select json_agg(json_build_object('id', rep.id, 'title', rep.title,
            'submitted_at', rep.submitted_at) order by rep.submitted_at)
          from reports rep where rep.referral_id = r.id and rep.status <> 'DRFT'
            and rep.recipients @> '[{"type": "patient"}]'::jsonb), '[]'::json) as reports,
        count(*) over () as total
      from referrals r
      left join establishments receiver on receiver.id = r.to_establishment_id
      left join establishments sender on sender.id = r.from_establishment_id
      left join users specialist on specialist.id = r.assignee_id
      left join users referrer on referrer.id = r.referrer_id
      where r.patient_id in (${patientRecordsOfAccount(options.userId)})
        and r.status in (${sql.join(
          PATIENT_VISIBLE_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
        and not r.is_deleted
      order by r.submitted_at desc nulls last, r.id
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    );
    for (const row of rows) {
      await recordAudit(tx, options.actor, {
        action: 'referral.read',
        resourceType: 'referral',
        resourceId: row.id,
        patientId: row.patient_id,
        detail: { as: 'patient' },
      });
    }
    return {
      count: Number(rows[0]?.total ?? 0),
      results: rows.map((row) => ({
        id: row.id,
        status: { value: row.status, display: PATIENT_REFERRAL_STATUS[row.status] },
        is_advice_request: row.type === 'ADVICE_AND_GUIDANCE',
        receiver: row.receiver,
        specialist: nameOf(row.specialist_title, row.specialist_first, row.specialist_last),
        referrer: nameOf(row.referrer_title, row.referrer_first, row.referrer_last),
        referrer_establishment: row.referrer_establishment,
        submitted_at: iso(row.submitted_at),
        appointment:
          row.show_appointment_details && row.appointment_date !== null
            ? { date: iso(row.appointment_date) ?? '', location: row.appointment_location }
            : null,
        reports: row.reports.map((report) => ({ ...report, submitted_at: iso(report.submitted_at) })),
      })),
    };
  });
}
