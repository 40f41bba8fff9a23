import { sql, type SQL } from 'drizzle-orm';
import { personName } from '@referrals/domain/people/person-name';
import type { ManualReferrer } from '@referrals/domain/referrals/manual-referral-schemas';
import {
  REFERRAL_STATUSES,
  type ReferralStatus,
  type ReferralType,
} from '@referrals/domain/referrals/referral-codes';
import { referralConditions } from '@referrals/domain/referrals/referral-conditions';
import { referralLetterPath } from '@referrals/domain/referrals/referral-paths';
import type {
  ReferralListItem,
  ReferralListOrderField,
  ReferralListQuery,
} from '@referrals/domain/referrals/referral-list-schemas';
import type { Queryable } from '../../../db/database.ts';
import { preparedFor, StatementShape } from '../../../db/prepared-shapes.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { pageWindow } from '../../../http/paging.ts';
import type { AuditActor } from '../../audit/record-audit.ts';
import type { Caller } from '../../tenancy/caller.ts';
import {
  branchWhere,
  listBranches,
  listCount,
  oneRow,
  resolveListQuery,
  type ListSide,
} from './referral-list-conditions.ts';

/** The sort key of each order_by field, as an expression on `referrals`. */
function orderKey(field: ReferralListOrderField): SQL {
  switch (field) {
    case 'submitted_at':
      return sql`${referrals.submitted_at}`;
    case 'created_at':
      return sql`${referrals.created_at}`;
    case 'updated_at':
      return sql`${referrals.updated_at}`;
    case 'appointment_date':
      return sql`${referrals.appointment_date}`;
    case 'patient_name':
      return sql`(select lower(p.last_name || ' ' || p.first_name) from patients p
        where p.id = ${referrals.patient_id})`;
  }
}

type Ordering = { field: ReferralListOrderField; direction: 'asc' | 'desc' };

/**
 * `key dir, id` with the id the other way round, and nulls last when descending: the inbox and outbox
 * indexes hold (submitted_at desc nulls last, id), so either direction of a page is one index walk,
 * forwards or backwards, with no sort.
 */
function orderBy(key: SQL, id: SQL, ordering: Ordering): SQL {
  return ordering.direction === 'asc'
    ? sql`${key} asc nulls first, ${id} desc`
    : sql`${key} desc nulls last, ${id} asc`;
}

type ListRow = {
  id: string;
  side: ListSide;
  status: ReferralStatus;
  type: ReferralType;
  submitted_at: Date | string | null;
  appointment_date: Date | string | null;
  expires_at: Date | string | null;
  triage_category: string | null;
  is_renewed: boolean;
  sender_unread: boolean;
  receiver_unread: boolean;
  sender_archived: boolean;
  receiver_archived: boolean;
  sender_deleted: boolean;
  receiver_deleted: boolean;
  patient_id: string | null;
  patient_title: string | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
  patient_dob: string | null;
  referrer_id: string | null;
  referrer_title: string | null;
  referrer_first_name: string | null;
  referrer_last_name: string | null;
  assignee_id: string | null;
  assignee_title: string | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  from_id: string | null;
  from_name: string | null;
  manual_referrer: ManualReferrer | null;
  to_id: string | null;
  to_name: string | null;
};

/** Where each column of a list row comes from, in the page's joins (listReferrals). */
const listColumns: Record<keyof ListRow, string> = {
  id: 'r.id',
  side: 'page.side',
  status: 'r.status',
  type: 'r.type',
  submitted_at: 'r.submitted_at',
  appointment_date: 'r.appointment_date',
  expires_at: 'r.expires_at',
  triage_category: 'r.triage_category',
  is_renewed: 'r.is_renewed',
  sender_unread: 'r.sender_unread',
  receiver_unread: 'r.receiver_unread',
  sender_archived: 'r.sender_archived',
  receiver_archived: 'r.receiver_archived',
  sender_deleted: 'r.sender_deleted',
  receiver_deleted: 'r.receiver_deleted',
  patient_id: 'p.id',
  patient_title: 'p.title',
  patient_first_name: 'p.first_name',
  patient_last_name: 'p.last_name',
  patient_dob: 'p.dob::text',
  referrer_id: 'ru.id',
  referrer_title: 'ru.title',
  referrer_first_name: 'ru.first_name',
  referrer_last_name: 'ru.last_name',
  assignee_id: 'au.id',
  assignee_title: 'au.title',
  assignee_first_name: 'au.first_name',
  assignee_last_name: 'au.last_name',
  from_id: 'fe.id',
  from_name: 'fe.name',
  manual_referrer: 'r.manual_referrer',
  to_id: 'te.id',
  to_name: 'te.name',
};
/**
 * A list row as one JSON value: drizzle maps each selected field of each row with checks that cost more
 * CPU than the rest of the request's mapping (33 fields), and one field costs it one.
 */
const listRowJson = sql.raw(
  `json_build_object(${Object.entries(listColumns)
    .map(([field, column]) => `'${field}', ${column}`)
    .join(', ')})`,
);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function person(id: string | null, title: string | null, first: string | null, last: string | null) {
  if (id === null) return null;
  return { id, name: personName({ title, first_name: first ?? '', last_name: last ?? '' }) };
}

/** Who a MANUAL referral is from, as its row shows them in place of a referrer and sending establishment. */
function manualReferrer(referrer: ManualReferrer | null) {
  if (referrer === null) return null;
  return { name: personName(referrer), practice_name: referrer.practice_name ?? null };
}

/** A list row as the API answers it, with its side's flags and the derived conditions at `now`. */
function toItem(row: ListRow, now: Date): ReferralListItem {
  const sender = row.side === 'sender';
  const receiver = row.side === 'receiver';
  const status = row.status;
  const conditions = referralConditions(
    {
      status,
      submitted_at: row.submitted_at,
      expires_at: row.expires_at,
      appointment_date: row.appointment_date,
      triage_category: row.triage_category as never,
      is_renewed: row.is_renewed,
    },
    receiver ? 'receiver' : 'sender',
    now,
  );
  return {
    id: row.id,
    status: { value: status, display: REFERRAL_STATUSES[status] },
    type: row.type,
    patient:
      row.patient_id === null
        ? null
        : {
            id: row.patient_id,
            title: row.patient_title,
            first_name: row.patient_first_name ?? '',
            last_name: row.patient_last_name ?? '',
            dob: row.patient_dob ?? '',
          },
    referrer: person(row.referrer_id, row.referrer_title, row.referrer_first_name, row.referrer_last_name),
    from_establishment: row.from_id === null ? null : { id: row.from_id, name: row.from_name ?? '' },
    manual_referrer: manualReferrer(row.manual_referrer),
    to_establishment: row.to_id === null ? null : { id: row.to_id, name: row.to_name ?? '' },
    assignee: person(row.assignee_id, row.assignee_title, row.assignee_first_name, row.assignee_last_name),
    submitted_at: iso(row.submitted_at),
    appointment_date: iso(row.appointment_date),
    triage_category: row.triage_category,
    side: row.side,
    unread: sender ? row.sender_unread : receiver ? row.receiver_unread : false,
    is_archived: sender ? row.sender_archived : receiver ? row.receiver_archived : false,
    is_deleted: sender ? row.sender_deleted : receiver ? row.receiver_deleted : false,
    ...conditions,
  };
}

export type ListReferralsOptions = {
  caller: Caller;
  query: ReferralListQuery;
  /** Writes one referral.list audit row per listed referral, in the statement that reads the page. */
  actor?: AuditActor;
  now?: Date;
};

/**
 * One page of GET referrals/ and its total, in one statement (section 7; referral-lifecycle.md Lists).
 *
 * Each (side, status) pair is its own subquery that walks the matching partial inbox or outbox index in
 * the asked order and stops after the rows the page can need; the page merges them. Written as one
 * `status in (...)` over both sides, the planner has to read and sort every match of the establishment
 * (bench/referral-lists.ts). The total counts the same conditions from the same indexes, and the audit
 * rows are written by the same statement, so they exist exactly when the page was read. The statement is
 * prepared once per shape (which sides, statuses, filters and search words, order, audited or not) and
 * then only bound: building and planning it cost more CPU than running it (prepared-shapes.ts).
 */
export async function listReferrals(
  q: Queryable,
  options: ListReferralsOptions,
): Promise<{ count: number; results: ReferralListItem[] }> {
  const { caller, query } = options;
  const shape = new StatementShape();
  const resolved = resolveListQuery(shape, caller, query);
  const branches = listBranches(shape, caller, resolved);
  if (branches.length === 0 || resolved.statuses.length === 0) return { count: 0, results: [] };

  const draftsOnly = resolved.statuses.every((status) => status === 'DRFT');
  const ordering: Ordering =
    (query.order_by as Ordering | undefined) ??
    (draftsOnly ? { field: 'created_at', direction: 'desc' } : { field: 'submitted_at', direction: 'desc' });
  shape.part(`order:${ordering.field}:${ordering.direction}`, undefined);
  const key = orderKey(ordering.field);
  const { limit, offset } = pageWindow(query);
  const [limitValue, offsetValue, branchLimit] = [limit, offset, offset + limit].map((n) => shape.bind(n));

  // A patient search starts from the matching patients (referral-search-conditions.ts): each side's
  // matches are read once through the indexes led by the patient, whatever their status, and the page and
  // the total come from those rows. Otherwise each (side, status) walks its index in the page's order.
  const byPatient = resolved.byPatient;
  const parts: SQL[] = [];
  for (const branch of branches) {
    // The shared branch has no index of its own to walk; one subquery for all its statuses is enough.
    const perStatus =
      branch.side === 'shared' || byPatient ? [resolved.statuses] : resolved.statuses.map((s) => [s]);
    for (const statuses of perStatus) {
      const row = sql`select ${referrals.id} as id, ${key} as k, ${shape.bind(branch.side)}::text as side
        from ${referrals} where ${branchWhere(shape, branch, statuses, resolved.filters)}`;
      parts.push(
        byPatient
          ? sql`(${row})`
          : sql`(${row} order by ${orderBy(key, sql`${referrals.id}`, ordering)} limit ${branchLimit})`,
      );
    }
  }
  shape.part(`by-patient:${byPatient}`, undefined);
  const union = sql.join(parts, sql` union all `);
  // Read twice (the page, the total), the CTE is computed once.
  const matched = () => (byPatient ? [q.$with('matched', { id: sql<string>`id` }).as(union)] : []);
  const total = byPatient ? sql`(select count(*) from matched)` : listCount(shape, branches, resolved);
  const actor = options.actor;
  const auditValues = actor
    ? [
        actor.actorId,
        actor.establishmentId,
        actor.ip,
        actor.requestId,
        JSON.stringify({ page: query.page }),
      ].map((value) => shape.bind(value))
    : shape.part('unaudited', undefined);
  const listed = preparedFor(q, 'referrals_list', shape, () => {
    const page = q.$with('page', { id: sql<string>`id` }).as(
      sql`select u.id, u.k, u.side from ${byPatient ? sql`matched` : sql`(${union})`} u
        order by ${orderBy(sql`u.k`, sql`u.id`, ordering)} limit ${limitValue} offset ${offsetValue}`,
    );
    const [actorId, establishmentId, ip, requestId, detail] = auditValues ?? [];
    const ctes = auditValues
      ? [
          ...matched(),
          page,
          q.$with('logged', { one: sql<number>`1` }).as(
            sql`insert into ${auditLog} (actor_id, establishment_id, ip, request_id, action,
                resource_type, resource_id, patient_id, outcome, detail)
              select ${actorId}::uuid, ${establishmentId}::uuid, ${ip}::text, ${requestId}::text,
                'referral.list', 'referral', r.id::text, r.patient_id, 'success', ${detail}::jsonb
              from page join referrals r on r.id = page.id returning 1 as one`,
          ),
        ]
      : [...matched(), page];
    return q
      .with(...ctes)
      .select({ row: sql<ListRow>`${listRowJson}`, total: sql<number>`${total}` })
      .from(
        sql`page
        join referrals r on r.id = page.id
        left join patients p on p.id = r.patient_id
        left join users ru on ru.id = r.referrer_id
        left join users au on au.id = r.assignee_id
        left join establishments fe on fe.id = r.from_establishment_id
        left join establishments te on te.id = r.to_establishment_id`,
      )
      .orderBy(orderBy(sql`page.k`, sql`page.id`, ordering));
  });
  const rows = await listed.execute(shape.values);
  let count = rows[0] === undefined ? 0 : Number(rows[0].total);
  // A page past the end has no row to carry the total: only then is it counted on its own.
  if (rows.length === 0 && offset > 0) {
    const counted = preparedFor(q, 'referrals_count', shape, () =>
      q
        .with(...matched())
        .select({ n: sql<number>`${total}` })
        .from(oneRow),
    );
    const [row] = await counted.execute(shape.values);
    count = Number(row?.n ?? 0);
  }
  const now = options.now ?? new Date();
  return {
    count,
    results: rows.map(({ row }) => {
      const item = toItem(row, now);
      return query.pdf ? { ...item, pdf: referralLetterPath(row.id) } : item;
    }),
  };
}
