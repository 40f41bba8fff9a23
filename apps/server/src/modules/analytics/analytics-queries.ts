import { sql, type SQL } from 'drizzle-orm';
import {
  AWAITING_TRIAGE_STATUSES,
  WAITLIST_STATUSES,
  type AnalyticsQuery,
} from '@referrals/domain/analytics/waiting-times';
import { queryRows, type Queryable } from '../../db/database.ts';
import { codeListLiteral, WAITING_STATUSES_SQL } from '../../db/schema/referrals.ts';
import { recommendedTimeEnd } from '../referrals/lists/referral-list-conditions.ts';

/**
 * The figures of the analytics page (docs/analytics.md), each one aggregate statement over one
 * establishment's referrals read through an index led by it and the date the figure is about. Rows never
 * come into the server: only counts, percentiles and the few names of the rankings do.
 */

/** What the figures are about: whose referrals, the range's instants, the filters and the clock. */
export type AnalyticsScope = {
  /** The establishments whose received referrals count (a hospital's own and its departments'). */
  receivers: string[];
  /** The establishments whose sent referrals count. */
  senders: string[];
  query: AnalyticsQuery;
  now: Date;
};

const ZONE = sql`'Australia/Sydney'`;

/** The first instant of a calendar date in Sydney, or of the day after it. */
function dayStart(date: string, plusDays = 0): SQL {
  return sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${ZONE})`;
}

function within(column: SQL, scope: AnalyticsScope, until?: SQL): SQL {
  const end = until ?? dayStart(scope.query.to, 1);
  return sql`${column} >= ${dayStart(scope.query.from)} and ${column} < ${end}`;
}

/**
 * Days between two instants, as a fraction, in double precision: extract() answers numeric, whose
 * arithmetic and sort made the percentiles a third slower over a year of a hospital (bench/analytics.ts).
 */
function daysBetween(from: SQL, to: SQL): SQL {
  return sql`(date_part('epoch', ${to} - ${from}) / 86400)`;
}

/** The filters a received referral answers to; the referrer filter is left out where it is ranked. */
function receivedFilters(scope: AnalyticsScope, options: { referrer: boolean } = { referrer: true }): SQL {
  const { triage_category: category, referrer, type } = scope.query;
  const parts: SQL[] = [
    sql`referrals.to_establishment_id = any(${sql.param(scope.receivers)}::uuid[])`,
    sql`not referrals.is_deleted`,
  ];
  if (category !== undefined) parts.push(sql`referrals.triage_category = ${category}`);
  if (type !== undefined) parts.push(sql`referrals.type = ${type}`);
  if (referrer !== undefined && options.referrer) {
    parts.push(sql`referrals.from_establishment_id = ${referrer}::uuid`);
  }
  return sql.join(parts, sql` and `);
}

function sentFilters(scope: AnalyticsScope): SQL {
  const { triage_category: category, type } = scope.query;
  const parts: SQL[] = [
    sql`referrals.from_establishment_id = any(${sql.param(scope.senders)}::uuid[])`,
    sql`referrals.submitted_at is not null`,
    sql`not referrals.is_deleted`,
  ];
  if (category !== undefined) parts.push(sql`referrals.triage_category = ${category}`);
  if (type !== undefined) parts.push(sql`referrals.type = ${type}`);
  return sql.join(parts, sql` and `);
}

const week = sql`date_trunc('week', referrals.submitted_at at time zone ${ZONE})::date`;

export type WeeklyRow = { week_start: string; received: number; sent: number };

/**
 * Received and sent per week (Monday to Sunday in Sydney), every week of the range, zeros included: the
 * weeks and each side's counts appended and summed. (Left joins of the counts to the weeks had the planner
 * expect millions of rows, whose cost put a year's statement through JIT compilation, 20 to 300 ms a run.)
 */
export async function weeklyVolumes(q: Queryable, scope: AnalyticsScope): Promise<WeeklyRow[]> {
  const { from, to } = scope.query;
  const rows = await queryRows<{ week_start: string; received: number | string; sent: number | string }>(
    q,
    sql`select to_char(counted.week_start, 'YYYY-MM-DD') as week_start, sum(counted.received) as received,
        sum(counted.sent) as sent
      from (
        select generate_series(date_trunc('week', ${from}::date), date_trunc('week', ${to}::date),
          interval '1 week')::date as week_start, 0 as received, 0 as sent
        union all
        (select ${week}, count(*), 0 from referrals
          where ${receivedFilters(scope)} and ${within(sql`referrals.submitted_at`, scope)}
          group by 1)
        union all
        (select ${week}, 0, count(*) from referrals
          where ${sentFilters(scope)} and ${within(sql`referrals.submitted_at`, scope)}
          group by 1)
      ) counted
      group by counted.week_start
      order by counted.week_start`,
  );
  return rows.map((row) => ({
    week_start: row.week_start,
    received: Number(row.received),
    sent: Number(row.sent),
  }));
}

export type WaitRow = {
  triage_category: string;
  count: number;
  median_days: number | null;
  p90_days: number | null;
  within_count: number;
};

function waitRows(
  rows: { c: string; n: number | string; med: number | null; p90: number | null; w?: number | string }[],
) {
  return rows.map((row) => ({
    triage_category: row.c,
    count: Number(row.n),
    median_days: row.med === null ? null : Number(row.med),
    p90_days: row.p90 === null ? null : Number(row.p90),
    within_count: Number(row.w ?? 0),
  }));
}

/**
 * Per triage category, of the referrals triaged in the range: days from submission to triage (the first
 * accept, waitlist or schedule since submission), median and 90th percentile (linear interpolation).
 */
export async function triageWaits(q: Queryable, scope: AnalyticsScope): Promise<WaitRow[]> {
  const days = daysBetween(sql`referrals.submitted_at`, sql`referrals.triaged_at`);
  return waitRows(
    await queryRows(
      q,
      sql`select referrals.triage_category as c, count(*) as n,
          percentile_cont(0.5) within group (order by ${days}) as med,
          percentile_cont(0.9) within group (order by ${days}) as p90
        from referrals
        where ${receivedFilters(scope)} and referrals.triaged_at is not null
          and ${within(sql`referrals.triaged_at`, scope)} and referrals.triage_category is not null
          and referrals.submitted_at is not null
        group by 1`,
    ),
  );
}

/**
 * Per triage category, of the referrals seen in the range (scheduled, the appointment in the range and
 * past): days from submission to the appointment, median and 90th percentile, and how many were seen
 * by the end of their recommended time (the moment after which an unscheduled one is overdue).
 */
export async function appointmentWaits(q: Queryable, scope: AnalyticsScope): Promise<WaitRow[]> {
  const days = daysBetween(sql`referrals.submitted_at`, sql`referrals.appointment_date`);
  const seenBy = sql`least(${dayStart(scope.query.to, 1)}, ${scope.now}::timestamptz)`;
  return waitRows(
    await queryRows(
      q,
      sql`select referrals.triage_category as c, count(*) as n,
          percentile_cont(0.5) within group (order by ${days}) as med,
          percentile_cont(0.9) within group (order by ${days}) as p90,
          count(*) filter (where referrals.appointment_date <= ${recommendedTimeEnd()}) as w
        from referrals
        where ${receivedFilters(scope)} and referrals.appointment_date is not null
          and ${within(sql`referrals.appointment_date`, scope, seenBy)}
          and referrals.status = 'SCHDL' and referrals.triage_category is not null
          and referrals.submitted_at is not null
        group by 1`,
    ),
  );
}

export type WaitlistRow = {
  stage: string;
  count: number;
  median_days: number | null;
  oldest_days: number | null;
  overdue: number;
};

/**
 * Waiting now, whatever the range: awaiting triage, and the open waitlist by triage category, with the
 * median and longest wait since submission and how many are overdue (the dashboard's overdue rule).
 */
export async function waitlistNow(q: Queryable, scope: AnalyticsScope): Promise<WaitlistRow[]> {
  const now = sql`${scope.now}::timestamptz`;
  const days = daysBetween(sql`referrals.submitted_at`, now);
  const rows = await queryRows<{
    stage: string;
    n: number | string;
    med: number | null;
    oldest: number | null;
    overdue: number | string;
  }>(
    q,
    sql`select case when referrals.status in ${codeListLiteral(AWAITING_TRIAGE_STATUSES)} then 'awaiting_triage'
          else coalesce(referrals.triage_category, 'uncategorised') end as stage,
        count(*) as n,
        percentile_cont(0.5) within group (order by ${days}) as med,
        max(${days}) as oldest,
        count(*) filter (where referrals.status in ${codeListLiteral(WAITLIST_STATUSES)}
          and ${recommendedTimeEnd()} < ${now}) as overdue
      from referrals
      where ${receivedFilters(scope)} and referrals.status in ${WAITING_STATUSES_SQL}
        and referrals.submitted_at is not null and referrals.submitted_at <= ${now}
      group by 1`,
  );
  return rows.map((row) => ({
    stage: row.stage,
    count: Number(row.n),
    median_days: row.med === null ? null : Number(row.med),
    oldest_days: row.oldest === null ? null : Number(row.oldest),
    overdue: Number(row.overdue),
  }));
}

export type OutcomeRow = {
  kind: 'received' | 'returned' | 'recalled' | 'forwarded';
  reason: string | null;
  count: number;
};

/**
 * Of the referrals received in the range: how many, and how many were returned, recalled by their sender
 * or forwarded, in all and by reason (a reason of null: the total of its kind). The referrals are counted
 * by status and reasons first, a few dozen groups, which are then spread into kinds.
 */
export async function outcomes(q: Queryable, scope: AnalyticsScope): Promise<OutcomeRow[]> {
  const rows = await queryRows<{ kind: OutcomeRow['kind']; reason: string | null; n: number | string }>(
    q,
    sql`with counted as (
        select referrals.status, referrals.is_recalled, referrals.return_reason, referrals.recall_reason,
          referrals.forwarded_reason, count(*) as n
        from referrals
        where ${receivedFilters(scope)} and ${within(sql`referrals.submitted_at`, scope)}
        group by 1, 2, 3, 4, 5
      )
      select o.kind, o.reason, sum(counted.n) as n
      from counted cross join lateral (values
        ('received', null),
        ('returned', case when counted.status = 'RTRN' then coalesce(counted.return_reason, '') end),
        ('recalled', case when counted.is_recalled then coalesce(counted.recall_reason, '') end),
        ('forwarded', case when counted.status = 'FWRD' then coalesce(counted.forwarded_reason, '') end)
      ) as o(kind, reason)
      where o.kind = 'received' or o.reason is not null
      group by grouping sets ((o.kind), (o.kind, o.reason))`,
  );
  return rows
    .filter((row) => row.kind !== 'received' || row.reason === null)
    .map((row) => ({ kind: row.kind, reason: row.reason, count: Number(row.n) }));
}

export type RankedRow = { id: string; name: string; count: number };

/** The establishments that referred the most to it in the range (the referrer filter is not applied). */
export async function topReferrers(q: Queryable, scope: AnalyticsScope, limit: number): Promise<RankedRow[]> {
  return ranked(
    q,
    sql`select referrals.from_establishment_id as id, count(*) as n from referrals
      where ${receivedFilters(scope, { referrer: false })} and ${within(sql`referrals.submitted_at`, scope)}
        and referrals.from_establishment_id is not null
      group by 1 order by n desc limit ${limit}`,
  );
}

/** The establishments it referred to the most in the range. */
export async function topReceivers(q: Queryable, scope: AnalyticsScope, limit: number): Promise<RankedRow[]> {
  return ranked(
    q,
    sql`select referrals.to_establishment_id as id, count(*) as n from referrals
      where ${sentFilters(scope)} and ${within(sql`referrals.submitted_at`, scope)}
        and referrals.to_establishment_id is not null
      group by 1 order by n desc limit ${limit}`,
  );
}

async function ranked(q: Queryable, counted: SQL): Promise<RankedRow[]> {
  const rows = await queryRows<{ id: string; name: string; n: number | string }>(
    q,
    sql`select c.id, e.name, c.n from (${counted}) c join establishments e on e.id = c.id
      order by c.n desc, e.name`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.n) }));
}
