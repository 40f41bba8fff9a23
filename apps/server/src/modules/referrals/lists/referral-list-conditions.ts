import { sql, type Column, type SQL } from 'drizzle-orm';
import {
  referralStatuses,
  TRIAGE_CATEGORY_DAYS,
  triageCategories,
  type ReferralStatus,
} from '@referrals/domain/referrals/referral-codes';
import { APPOINTMENT_DUE_DAYS, RENEWAL_DUE_DAYS } from '@referrals/domain/referrals/referral-conditions';
import {
  CONDITION_FILTER_STATUSES,
  type ReferralConditionFilter,
} from '@referrals/domain/referrals/referral-dashboard';
import {
  requestedBox,
  type ReferralListQuery,
  type ReferralTagFilter,
} from '@referrals/domain/referrals/referral-list-schemas';
import { ALL_LIST_STATUSES, referralListFilter } from '@referrals/domain/referrals/referral-lists';
import type { StatementShape } from '../../../db/prepared-shapes.ts';
import { caseConferences } from '../../../db/schema/case-conferences.ts';
import { referrals, referralTags } from '../../../db/schema/referrals.ts';
import type { Caller } from '../../tenancy/caller.ts';
import {
  addSearchFilters,
  dayStart,
  searchesByPatient,
  type SearchScope,
} from './referral-search-conditions.ts';
import {
  receivedByCaller,
  referralEstablishmentOf,
  sentByCaller,
  sharedWithCaller,
} from '../referral-visibility.ts';

/** Which of the caller's relations to a referral a list reads. */
export type ListSide = 'sender' | 'receiver' | 'shared';

/** One side of a list: the visibility of that side, with its archive and trash flags as asked. */
export type ListBranch = { side: ListSide; where: SQL };

/**
 * The side's own visibility (referral-visibility.ts) and its per-side archive and trash flags, written as
 * literal `not flag` so that the planner matches the partial inbox and outbox indexes, also in the generic
 * plan of a prepared statement. Its values are bound through `shape`.
 */
export function sideBranch(
  shape: StatementShape,
  caller: Caller,
  side: ListSide,
  flags: { archived: boolean; deleted: boolean },
): ListBranch | null {
  const is = (column: Column, on: boolean) => (on ? sql`${column}` : sql`not ${column}`);
  if (side === 'shared') {
    // Sharing gives read access only; the reader has no archive or trash of their own for it.
    if (flags.archived || flags.deleted) return shape.part('side:shared:none', null);
    return shape.part('side:shared', {
      side,
      where: sql`(not ${referrals.is_deleted} and ${sharedWithCaller(caller, shape)})`,
    });
  }
  shape.part(`side:${side}:${flags.archived}:${flags.deleted}`, undefined);
  const [visible, archived, deleted] =
    side === 'sender'
      ? [sentByCaller(caller, shape), referrals.sender_archived, referrals.sender_deleted]
      : [receivedByCaller(caller, shape), referrals.receiver_archived, referrals.receiver_deleted];
  return {
    side,
    where: sql`(${visible} and ${is(archived, flags.archived)} and ${is(deleted, flags.deleted)}
      and not ${referrals.is_deleted})`,
  };
}

/**
 * `my_tags`: a tag the caller put on the referral, or one of the caller's establishment's tags with one of
 * the labels (stored as typed; compared lower-cased, as labels are unique whatever their case).
 */
function tagMatches(shape: StatementShape, caller: Caller, filter: ReferralTagFilter): SQL {
  if ('taggedBy' in filter) {
    return shape.part(
      'tagged-by-me',
      sql`exists (select 1 from ${referralTags} t where t.referral_id = ${referrals.id}
        and t.user_id = ${shape.bind(caller.userId)})`,
    );
  }
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null) return shape.part('no-tags', sql`false`);
  const labels = sql.join(
    filter.labels.map((label) => shape.bind(label)),
    sql`, `,
  );
  return shape.part(
    `tag-labels:${filter.labels.length}`,
    sql`exists (select 1 from ${referralTags} t where t.referral_id = ${referrals.id}
      and t.establishment_id = ${shape.bind(establishmentId)} and lower(t.label) in (${labels}))`,
  );
}

/** `days` whole days as an interval of hours, so that a daylight-saving change does not move it. */
function days(shape: StatementShape, count: number): SQL {
  return sql`make_interval(hours => ${shape.bind(count * 24)}::int)`;
}

/**
 * When the referral's recommended time to be seen ends: submitted_at plus its triage category's days
 * (TRIAGE_CATEGORY_DAYS, as overdueForAppointmentFrom), null without a category. `bind` gives each value
 * its place in the statement (a prepared statement's placeholders, or plain parameters).
 */
export function recommendedTimeEnd(bind: (value: string | number) => unknown = (value) => value): SQL {
  const due = sql.join(
    triageCategories.codes.map(
      (c) => sql`when ${bind(c)} then make_interval(hours => ${bind(TRIAGE_CATEGORY_DAYS[c] * 24)}::int)`,
    ),
    sql` `,
  );
  return sql`(${referrals.submitted_at} + (case ${referrals.triage_category} ${due} end))`;
}

/**
 * The SQL of a derived condition, the same rule as referral-conditions.ts (its statuses are applied by
 * CONDITION_FILTER_STATUSES): list-referrals.test.ts checks each filter against the items' own flags.
 */
export function conditionMatches(shape: StatementShape, condition: ReferralConditionFilter): SQL {
  switch (condition) {
    case 'pending-action':
      return sql`true`;
    case 'due-for-renewal':
      return sql`(${referrals.expires_at} is not null and not ${referrals.is_renewed}
        and ${referrals.expires_at} <= now() + ${days(shape, RENEWAL_DUE_DAYS)})`;
    case 'appointment-due':
      return sql`(${referrals.appointment_date} >= now()
        and ${referrals.appointment_date} <= now() + ${days(shape, APPOINTMENT_DUE_DAYS)})`;
    case 'overdue':
      return sql`(${recommendedTimeEnd((value) => shape.bind(value))} < now())`;
    case 'recalled':
      return sql`${referrals.is_recalled}`;
  }
}

/** What a list query asks for, resolved: its sides, statuses and the filters every side shares. */
export type ResolvedListQuery = {
  sides: ListSide[];
  statuses: ReferralStatus[];
  filters: SQL[];
  archived: boolean;
  deleted: boolean;
  /** A patient-name or MRN search: the list starts from the matching patients (listReferrals). */
  byPatient: boolean;
};

/**
 * Resolves GET referrals/'s parameters (section 7) into sides, statuses and filters. Lists leave out
 * DRFT and FWRD unless asked (status, or the drafts and forwarded lists), except in the trash, which
 * shows everything deleted (referral-lifecycle.md Lists).
 */
export function resolveListQuery(
  shape: StatementShape,
  caller: Caller,
  query: ReferralListQuery,
): ResolvedListQuery {
  const establishmentId = referralEstablishmentOf(caller);
  const filters: SQL[] = [];
  // Every filter given is a part of the statement's shape; its values are bound.
  const add = (part: string, filter: SQL) => filters.push(shape.part(part, filter));
  const box = requestedBox(query, establishmentId);
  const list = query.box && query.list ? referralListFilter(query.box, query.list) : null;
  const shared = query.shared || list?.shared === true;
  const boxSides: ListSide[] = shared
    ? ['shared']
    : box === 'inbox'
      ? ['receiver']
      : box === 'outbox'
        ? ['sender']
        : ['sender', 'receiver'];
  // Only the receiver side ever has an action pending (referral-lifecycle.md Derived conditions).
  const sides =
    query.condition === 'pending-action' ? boxSides.filter((side) => side === 'receiver') : boxSides;

  // A condition names its own statuses (recalled ones are drafts), as the trash shows every status.
  const defaults = query.deleted || query.condition ? referralStatuses.codes : ALL_LIST_STATUSES;
  let statuses: readonly ReferralStatus[] = list?.statuses ?? defaults;
  if (query.status.length > 0) {
    const asked = new Set(query.status);
    statuses = list ? statuses.filter((s) => asked.has(s)) : [...asked];
  }
  const excluded = new Set(query.exclude_status);
  statuses = statuses.filter((s) => !excluded.has(s));
  if (query.condition) {
    const held: readonly ReferralStatus[] = CONDITION_FILTER_STATUSES[query.condition];
    statuses = statuses.filter((s) => held.includes(s));
    add(`condition:${query.condition}`, conditionMatches(shape, query.condition));
  }
  if (query.triage_category) {
    add('triage', sql`${referrals.triage_category} = ${shape.bind(query.triage_category)}`);
  }

  const conference = query.case_conference_status ?? list?.case_conference_status ?? null;
  if (conference) add(`conference:${conference}`, conferenceMatches(conference));
  if (establishmentId === null) add('nowhere', sql`false`);

  const other = (value: string | undefined) =>
    value !== undefined && value !== 'true' && value !== 'false' && value !== establishmentId
      ? value
      : undefined;
  const to = other(query.to_establishment);
  const from = other(query.from_establishment);
  const within = other(query.within_establishment);
  if (to) add('to', sql`${referrals.to_establishment_id} = ${shape.bind(to)}`);
  if (from) add('from', sql`${referrals.from_establishment_id} = ${shape.bind(from)}`);
  if (within) add('within', sql`false`);

  const byName = Boolean(query.search || query.patient_name);
  const scope = byName ? searchScope(shape, caller, sides, statuses) : { establishmentId, beyond: [] };
  addSearchFilters(shape, query, scope, add);
  if (query.my_referral) {
    const me = shape.bind(caller.userId);
    add('my-referral', sql`(${referrals.referrer_id} = ${me} or ${referrals.assignee_id} = ${me})`);
  }
  if (query.my_tags) add('my-tags', tagMatches(shape, caller, query.my_tags));
  if (query.submitted_after) {
    add('after', sql`${referrals.submitted_at} >= ${dayStart(shape, query.submitted_after)}`);
  }
  if (query.submitted_before) {
    add('before', sql`${referrals.submitted_at} < ${dayStart(shape, query.submitted_before, 1)}`);
  }
  return {
    sides,
    statuses: [...statuses],
    filters,
    archived: query.archived,
    deleted: query.deleted,
    byPatient: searchesByPatient(query),
  };
}

/**
 * The case-conference lists (section 2) and `case_conference_status`: the referral has an active
 * conference, or its newest one is closed (it has a closed one and no active one). Each is an index probe
 * of case_conferences_active_referral_idx or case_conferences_referral_idx per referral.
 */
function conferenceMatches(status: 'active' | 'closed'): SQL {
  const active = sql`exists (select 1 from ${caseConferences} c
    where c.referral_id = ${referrals.id} and c.status = 'active')`;
  if (status === 'active') return active;
  return sql`(exists (select 1 from ${caseConferences} c
    where c.referral_id = ${referrals.id} and c.status = 'closed') and not ${active})`;
}

/**
 * Where a patient search of these sides and statuses looks for patients (SearchScope): visible_patients
 * holds the patient of every referral the sender side sees and of every one the receiver side sees but
 * a draft it had before a recall (patients.md, Tenancy); sharing gives no reason at all. The patients of
 * those rows are looked at besides, each side's visibility deciding which rows they are.
 */
function searchScope(
  shape: StatementShape,
  caller: Caller,
  sides: readonly ListSide[],
  statuses: readonly ReferralStatus[],
): SearchScope {
  const beyond: SQL[] = [];
  if (sides.includes('receiver') && statuses.includes('DRFT')) {
    beyond.push(shape.part('beyond:received-drafts', receivedDraftPatients(caller, shape)));
  }
  if (sides.includes('shared')) {
    beyond.push(
      shape.part(
        'beyond:shared',
        sql`select ${referrals.patient_id} from ${referrals}
          where not ${referrals.is_deleted} and ${sharedWithCaller(caller, shape)}`,
      ),
    );
  }
  return { establishmentId: referralEstablishmentOf(caller), beyond };
}

/**
 * The patients of the drafts the caller's receiver side sees (recalled after submission), which
 * visible_patients need not hold for its establishment (referrals_received_drafts_idx).
 */
export function receivedDraftPatients(caller: Caller, shape: StatementShape): SQL {
  return sql`select ${referrals.patient_id} from ${referrals}
    where ${receivedByCaller(caller, shape)} and ${referrals.status} = 'DRFT' and not ${referrals.is_deleted}`;
}

/**
 * The WHERE of one side and one or more statuses, with every filter. Each status is bound on its own (how
 * many there are is a part of the shape): a generic plan keeps `status in ($1, $2)` in the index condition,
 * while `status = any($1)` with an array it cannot see into became a filter over the establishment's whole
 * range of the index.
 */
export function branchWhere(
  shape: StatementShape,
  branch: ListBranch,
  statuses: readonly ReferralStatus[],
  filters: SQL[],
): SQL {
  const status = shape.part(
    `statuses:${statuses.length}`,
    sql`${referrals.status} in (${sql.join(
      statuses.map((s) => shape.bind(s)),
      sql`, `,
    )})`,
  );
  return sql.join([branch.where, status, ...filters], sql` and `);
}

/** The branches a resolved list reads: each of its sides the caller has, with its archive and trash flags. */
export function listBranches(
  shape: StatementShape,
  caller: Caller,
  resolved: ResolvedListQuery,
): ListBranch[] {
  return resolved.sides
    .map((side) => sideBranch(shape, caller, side, resolved))
    .filter((branch): branch is ListBranch => branch !== null);
}

/** How many referrals a list shows, as one scalar SQL expression over the same indexes as its page. */
export function listCount(shape: StatementShape, branches: ListBranch[], resolved: ResolvedListQuery): SQL {
  if (branches.length === 0 || resolved.statuses.length === 0) return shape.part('empty', sql`0`);
  return sql.join(
    branches.map(
      (branch) =>
        sql`(select count(*) from ${referrals} where ${branchWhere(shape, branch, resolved.statuses, resolved.filters)})`,
    ),
    sql` + `,
  );
}

/** A source of one row, for a select of scalar subqueries alone (drizzle's select needs a `from`). */
export const oneRow = sql`(select) as one_row`;
