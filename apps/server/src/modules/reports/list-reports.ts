import { sql, type SQL } from 'drizzle-orm';
import { personName } from '@referrals/domain/people/person-name';
import { REFERRAL_STATUSES, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import { REPORT_STATUSES, type ReportStatus } from '@referrals/domain/reports/report-codes';
import { reportListStatuses, type ReportBox } from '@referrals/domain/reports/report-lists';
import type {
  REPORT_LIST_ORDER_FIELDS,
  ReportListItem,
  ReportListQuery,
} from '@referrals/domain/reports/report-schemas';
import type { Queryable } from '../../db/database.ts';
import { preparedFor, StatementShape } from '../../db/prepared-shapes.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { reports } from '../../db/schema/reports.ts';
import { pageWindow } from '../../http/paging.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { addSearchFilters, dayStart } from '../referrals/lists/referral-search-conditions.ts';
import { oneRow, receivedDraftPatients } from '../referrals/lists/referral-list-conditions.ts';
import {
  receivedByCaller,
  referralEstablishmentOf,
  seesAllSent,
  sentByCaller,
} from '../referrals/referral-visibility.ts';
import type { Caller } from '../tenancy/caller.ts';

/**
 * The reports a box shows to the caller (section 2 Clinical reports lists): the inbox holds the reports
 * on referrals the caller's side sent (never drafts), the outbox those on referrals it received. The
 * referral's visibility decides (referral-visibility.ts); the report's own establishment column is there
 * for the index (reports_inbox_idx, reports_outbox_idx).
 */
function reportBoxWhere(shape: StatementShape, caller: Caller, box: ReportBox): SQL {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null) return shape.part('box:none', sql`false`);
  const here = shape.bind(establishmentId);
  return box === 'inbox'
    ? shape.part(
        'box:inbox',
        sql`(${reports.recipient_establishment_id} = ${here} and ${reports.status} <> 'DRFT'
          and ${sentByCaller(caller, shape)} and not ${referrals.is_deleted})`,
      )
    : shape.part(
        'box:outbox',
        sql`(${reports.author_establishment_id} = ${here} and ${receivedByCaller(caller, shape)}
          and not ${referrals.is_deleted})`,
      );
}

/**
 * The inbox of a caller who sees everything their side sent, as a condition on the reports alone (no
 * join), or undefined for any other caller. A report's recipient establishment is its referral's sender
 * (create-report.ts), which never changes (update-referral.ts refuses another), so of the referral only a
 * deletion can hide the report: the establishment's few referrals deleted for good are read once through
 * their own index (referrals_sender_deleted_idx) and hashed, where the join would hash every report of
 * the inbox against every referral the establishment sent.
 */
function inboxOnReports(shape: StatementShape, caller: Caller): SQL | undefined {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null || !seesAllSent(caller)) return undefined;
  const here = shape.bind(establishmentId);
  return shape.part(
    'box:inbox-on-reports',
    sql`(${reports.recipient_establishment_id} = ${here} and ${reports.status} <> 'DRFT'
      and ${reports.referral_id} not in (select deleted.id from ${referrals} deleted
        where deleted.is_deleted and deleted.from_establishment_id = ${here}))`,
  );
}

/**
 * What a box reads (`from`: the reports, alone or `joined` to their referrals) and its condition on it.
 */
export type ReportBoxSource = { from: SQL; where: SQL; joined: boolean };

/**
 * The box for the caller: the reports alone for an inbox whose query has no filter on the referral
 * (`filtered` false) where the caller may have it so (inboxOnReports), else the reports joined to their
 * referrals.
 */
export function reportBox(
  shape: StatementShape,
  caller: Caller,
  box: ReportBox,
  options: { filtered: boolean },
): ReportBoxSource {
  const alone = box === 'inbox' && !options.filtered ? inboxOnReports(shape, caller) : undefined;
  if (alone) return { from: sql`${reports}`, where: alone, joined: false };
  return {
    from: sql`${reports} join ${referrals} on ${referrals.id} = ${reports.referral_id}`,
    where: reportBoxWhere(shape, caller, box),
    joined: true,
  };
}

/** The statuses a query asks for: its list's (or the box's all), less those excluded. */
function statusesOf(query: ReportListQuery): ReportStatus[] {
  let statuses = [...(reportListStatuses(query.box, query.list ?? 'all') ?? [])];
  if (query.report_status.length > 0) statuses = statuses.filter((s) => query.report_status.includes(s));
  return statuses.filter((s) => !query.exclude_report_status.includes(s));
}

/** Every filter of section 7 Reports, on the report and the referral it answers. */
function filtersOf(shape: StatementShape, caller: Caller, query: ReportListQuery): SQL[] {
  const filters: SQL[] = [];
  const add = (part: string, filter: SQL) => filters.push(shape.part(part, filter));
  const establishmentId = referralEstablishmentOf(caller);
  const other = (value: string | undefined) =>
    value !== undefined && value !== 'true' && value !== 'false' ? value : undefined;
  const from = other(query.from_establishment);
  const to = other(query.to_establishment);
  if (from) add('from', sql`${referrals.from_establishment_id} = ${shape.bind(from)}`);
  if (to) add('to', sql`${referrals.to_establishment_id} = ${shape.bind(to)}`);
  if (query.exclude_status.length > 0) {
    const excluded = sql.join(
      query.exclude_status.map((s) => shape.bind(s)),
      sql`, `,
    );
    add(`exclude-status:${query.exclude_status.length}`, sql`${referrals.status} not in (${excluded})`);
  }
  // The outbox shows reports on referrals its side received, which a recall made drafts again: their
  // patients need not be in visible_patients (SearchScope).
  const beyond =
    (query.search || query.patient_name) && query.box === 'outbox'
      ? [shape.part('beyond:received-drafts', receivedDraftPatients(caller, shape))]
      : [];
  addSearchFilters(shape, query, { establishmentId, beyond }, add);
  if (query.my_report) {
    const me = shape.bind(caller.userId);
    add(
      `my-report:${query.box}`,
      query.box === 'inbox' ? sql`${referrals.referrer_id} = ${me}` : sql`${reports.author_id} = ${me}`,
    );
  }
  if (query.submitted_after) {
    add('after', sql`${reports.submitted_at} >= ${dayStart(shape, query.submitted_after)}`);
  }
  if (query.submitted_before) {
    add('before', sql`${reports.submitted_at} < ${dayStart(shape, query.submitted_before, 1)}`);
  }
  return filters;
}

type ReportOrderField = (typeof REPORT_LIST_ORDER_FIELDS)[number];

type ListRow = {
  id: string;
  status: ReportStatus;
  title: string;
  submitted_at: string | null;
  updated_at: string;
  recipient_unread: boolean;
  author_unread: boolean;
  referral_id: string;
  referral_status: ReferralStatus;
  patient: { id: string; first_name: string; last_name: string; dob: string } | null;
  referrer: { id: string; title: string | null; first_name: string; last_name: string } | null;
  author: { id: string; title: string | null; first_name: string; last_name: string } | null;
  sender: { id: string; name: string } | null;
  receiver: { id: string; name: string } | null;
};

const person = (p: ListRow['referrer']) => (p ? { id: p.id, name: personName(p) } : null);

function toItem(row: ListRow, box: ReportBox): ReportListItem {
  return {
    id: row.id,
    status: { value: row.status, display: REPORT_STATUSES[row.status] },
    title: row.title,
    referral: {
      id: row.referral_id,
      status: { value: row.referral_status, display: REFERRAL_STATUSES[row.referral_status] },
      patient: row.patient,
      referrer: person(row.referrer),
      from_establishment: row.sender,
      to_establishment: row.receiver,
    },
    author: person(row.author),
    submitted_at: row.submitted_at === null ? null : new Date(row.submitted_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    side: box === 'inbox' ? 'sender' : 'receiver',
    unread: box === 'inbox' ? row.recipient_unread : row.author_unread,
  };
}

const listRowJson = sql<ListRow>`json_build_object(
  'id', r.id, 'status', r.status, 'title', r.title, 'submitted_at', r.submitted_at,
  'updated_at', r.updated_at, 'recipient_unread', r.recipient_unread, 'author_unread', r.author_unread,
  'referral_id', f.id, 'referral_status', f.status,
  'patient', case when p.id is null then null else json_build_object('id', p.id,
    'first_name', p.first_name, 'last_name', p.last_name, 'dob', p.dob::text) end,
  'referrer', case when ru.id is null then null else json_build_object('id', ru.id,
    'title', ru.title, 'first_name', ru.first_name, 'last_name', ru.last_name) end,
  'author', case when au.id is null then null else json_build_object('id', au.id,
    'title', au.title, 'first_name', au.first_name, 'last_name', au.last_name) end,
  'sender', case when fe.id is null then null else json_build_object('id', fe.id, 'name', fe.name) end,
  'receiver', case when te.id is null then null else json_build_object('id', te.id, 'name', te.name) end)`;

/**
 * One page of GET reports/ and its total (section 7 Reports), newest first, drafts by their last change,
 * in one statement prepared once per shape (prepared-shapes.ts), which also writes one `report.list`
 * audit row per listed report: the rows exist exactly when the page was read.
 */
export async function listReports(
  q: Queryable,
  options: { caller: Caller; query: ReportListQuery; actor: AuditActor },
): Promise<{ count: number; results: ReportListItem[] }> {
  const { caller, query, actor } = options;
  const statuses = statusesOf(query);
  if (statuses.length === 0) return { count: 0, results: [] };
  const shape = new StatementShape();
  const inStatuses = shape.part(
    `statuses:${statuses.length}`,
    sql`${reports.status} in (${sql.join(
      statuses.map((s) => shape.bind(s)),
      sql`, `,
    )})`,
  );
  const filters = filtersOf(shape, caller, query);
  const box = reportBox(shape, caller, query.box, { filtered: filters.length > 0 });
  const where = sql.join([box.where, inStatuses, ...filters], sql` and `);
  const draftsOnly = statuses.every((s) => s === 'DRFT');
  const field = (query.order_by?.field ?? (draftsOnly ? 'updated_at' : 'submitted_at')) as ReportOrderField;
  const key = reports[field];
  const asc = (query.order_by?.direction ?? 'desc') === 'asc';
  shape.part(`order:${field}:${asc ? 'asc' : 'desc'}`, undefined);
  const orderBy = (key: SQL, id: SQL) =>
    asc ? sql`${key} asc nulls first, ${id} desc` : sql`${key} desc nulls last, ${id} asc`;
  const { limit, offset } = pageWindow(query);
  // The page size is written into the statement, one shape each (page_size is 1 to 100, in practice one or
  // two): bound, the plan PostgreSQL keeps for the statement would assume a tenth of the matches on a
  // page, cost more than a plan made for each call, and so be made again for every call (2 to 10 ms).
  const limitValue = shape.part(`limit:${limit}`, sql.raw(String(limit)));
  const offsetValue = shape.bind(offset);
  const [actorId, establishmentId, ip, requestId, detail] = [
    actor.actorId,
    actor.establishmentId,
    actor.ip,
    actor.requestId,
    JSON.stringify({ page: query.page }),
  ].map((value) => shape.bind(value));
  // The box's reports of those statuses that pass the filters. With their referral (whose visibility
  // decides) they are read once for the page and the total: two index-only scans joined by hashing (the
  // indexes hold the referral's id) or, for a patient search, the matching patients' referrals first
  // (referral-search-conditions.ts); read twice, the CTE is computed once. From the reports alone (an
  // unfiltered inbox that needs nothing of the referral, inboxOnReports) the page is the first entries of
  // reports_inbox_order_idx and the total an index-only count: read once, every page would sort all of the
  // box's reports (docs/reports.md, Speed: 0.57 to 0.77 ms so, 0.37 to 0.40 this way, for an inbox of 885).
  const matching = sql`select ${reports.id} as id, ${key} as k from ${box.from} where ${where}`;
  const matched = q.$with('matched', { id: sql<string>`id` }).as(matching);
  const { counting, ordered, total } = box.joined
    ? {
        counting: [matched],
        ordered: sql`select id, k from matched order by ${orderBy(sql`k`, sql`id`)}`,
        total: sql`(select count(*) from matched)`,
      }
    : {
        counting: [],
        ordered: sql`${matching} order by ${orderBy(sql`${key}`, sql`${reports.id}`)}`,
        total: sql`(select count(*) from ${box.from} where ${where})`,
      };
  const listed = preparedFor(q, 'reports_list', shape, () => {
    const page = q
      .$with('page', { id: sql<string>`id` })
      .as(sql`${ordered} limit ${limitValue} offset ${offsetValue}`);
    const logged = q.$with('logged', { one: sql<number>`1` }).as(
      sql`insert into ${auditLog} (actor_id, establishment_id, ip, request_id, action, resource_type,
          resource_id, patient_id, outcome, detail)
        select ${actorId}::uuid, ${establishmentId}::uuid, ${ip}::text, ${requestId}::text,
          'report.list', 'report', r.id::text, f.patient_id, 'success', ${detail}::jsonb
        from page join reports r on r.id = page.id join referrals f on f.id = r.referral_id
        returning 1 as one`,
    );
    return q
      .with(...counting, page, logged)
      .select({ row: listRowJson, total: sql<number>`${total}` })
      .from(
        sql`page
        join reports r on r.id = page.id
        join referrals f on f.id = r.referral_id
        left join patients p on p.id = f.patient_id
        left join users ru on ru.id = f.referrer_id
        left join users au on au.id = r.author_id
        left join establishments fe on fe.id = f.from_establishment_id
        left join establishments te on te.id = f.to_establishment_id`,
      )
      .orderBy(orderBy(sql`page.k`, sql`page.id`));
  });
  const rows = await listed.execute(shape.values);
  let count = rows[0] === undefined ? 0 : Number(rows[0].total);
  // A page past the end has no row to carry the total: only then is it counted on its own.
  if (rows.length === 0 && offset > 0) {
    const counted = preparedFor(q, 'reports_count', shape, () =>
      q
        .with(...counting)
        .select({ n: sql<number>`${total}` })
        .from(oneRow),
    );
    const [row] = await counted.execute(shape.values);
    count = Number(row?.n ?? 0);
  }
  return { count, results: rows.map(({ row }) => toItem(row, query.box)) };
}
