import { sql, type SQL } from 'drizzle-orm';
import { canAccessEstablishment } from '@referrals/domain/profile/profile-save-rules';
import {
  REFERRAL_DASHBOARD_ITEMS,
  type ReferralDashboardStats,
} from '@referrals/domain/referrals/referral-dashboard';
import {
  ReferralListQuerySchema,
  UNREAD_COUNTER_STATUSES,
  type EstablishmentUnreadStats,
  type ReferralStats,
  type ReferralStatsQuery,
} from '@referrals/domain/referrals/referral-list-schemas';
import type { Queryable } from '../../../db/database.ts';
import { preparedFor, StatementShape } from '../../../db/prepared-shapes.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import type { Caller, CallerEmployment } from '../../tenancy/caller.ts';
import { referralEstablishmentOf } from '../referral-visibility.ts';
import {
  branchWhere,
  listBranches,
  listCount,
  oneRow,
  resolveListQuery,
  sideBranch,
} from './referral-list-conditions.ts';

/**
 * The nav counters (section 7 Stats; section 2 Layout): total and unread of the inbox and the outbox at
 * the current establishment, counting what the `all` list shows (no DRFT or FWRD unless `status` asks)
 * with the same filters, in one statement. The side navigation polls these, so like the lists each
 * statement is prepared once per shape (prepared-shapes.ts).
 */
export async function referralStats(
  q: Queryable,
  caller: Caller,
  query: ReferralStatsQuery,
): Promise<ReferralStats> {
  const empty = { inbox: { count: 0, unread: 0 }, outbox: { count: 0, unread: 0 } };
  const current = referralEstablishmentOf(caller);
  const within = query.within_establishment;
  if (
    current === null ||
    (within !== undefined && within !== 'true' && within !== 'false' && within !== current)
  ) {
    return empty;
  }
  const shape = new StatementShape();
  const resolved = resolveListQuery(shape, caller, {
    ...query,
    page: 1,
    page_size: 10,
    shared: false,
    my_referral: false,
    my_tags: null,
    pdf: false,
  });
  if (resolved.statuses.length === 0) return empty;
  const counts = (side: 'sender' | 'receiver') => {
    const branch = sideBranch(shape, caller, side, resolved);
    if (branch === null) return shape.part('none', { count: sql`0`, unread: sql`0` });
    const where = branchWhere(shape, branch, resolved.statuses, resolved.filters);
    const unread = side === 'sender' ? referrals.sender_unread : referrals.receiver_unread;
    return {
      count: sql`(select count(*) from ${referrals} where ${where})`,
      unread: sql`(select count(*) from ${referrals} where ${where} and ${unread})`,
    };
  };
  const inbox = counts('receiver');
  const outbox = counts('sender');
  const counted = preparedFor(q, 'referral_stats', shape, () =>
    q
      .select({
        ic: sql<number | string>`${inbox.count}`,
        iu: sql<number | string>`${inbox.unread}`,
        oc: sql<number | string>`${outbox.count}`,
        ou: sql<number | string>`${outbox.unread}`,
      })
      .from(oneRow),
  );
  const [row] = await counted.execute(shape.values);
  return {
    inbox: { count: Number(row?.ic ?? 0), unread: Number(row?.iu ?? 0) },
    outbox: { count: Number(row?.oc ?? 0), unread: Number(row?.ou ?? 0) },
  };
}

/** The caller as if acting for another of their establishments, for that establishment's visibility. */
function callerAt(caller: Caller, employment: CallerEmployment): Caller {
  return {
    ...caller,
    current: employment,
    access: {
      ...caller.access,
      permissions: employment.permissions,
      establishmentType: employment.establishment.type,
      employment,
    },
  };
}

/**
 * Unread inbox referrals (receiver_unread) per establishment the caller may switch to, by the selector's
 * counters (section 2 Establishment selector; section 7 Stats): submitted (SBMT, UPDT), viewed (VWD),
 * accepted (ACPT). Each establishment counts what the caller's inbox there shows, through the same
 * visibility as the lists, in one statement.
 */
export async function establishmentUnreadStats(
  q: Queryable,
  caller: Caller,
): Promise<EstablishmentUnreadStats> {
  const shape = new StatementShape();
  const seen = new Set<string>();
  const parts: SQL[] = [];
  const counted = Object.values(UNREAD_COUNTER_STATUSES).flat();
  const countOf = (statuses: readonly string[]) =>
    sql`count(*) filter (where ${referrals.status} = any(${shape.bind(statuses)}::text[]))`;
  for (const employment of caller.employments) {
    if (!canAccessEstablishment(caller.role, employment) || seen.has(employment.establishment.id)) continue;
    seen.add(employment.establishment.id);
    const there = callerAt(caller, employment);
    const branch = sideBranch(shape, there, 'receiver', { archived: false, deleted: false });
    if (branch === null || referralEstablishmentOf(there) === null) continue;
    parts.push(sql`(select ${shape.bind(employment.establishment.id)}::uuid as id,
      ${shape.bind(parts.length)}::int as position,
      ${countOf(UNREAD_COUNTER_STATUSES.submitted)} as submitted,
      ${countOf(UNREAD_COUNTER_STATUSES.viewed)} as viewed,
      ${countOf(UNREAD_COUNTER_STATUSES.accepted)} as accepted
      from ${referrals} where ${branchWhere(shape, branch, counted, [])} and ${referrals.receiver_unread})`);
  }
  if (parts.length === 0) return [];
  const unread = preparedFor(q, 'referral_unread_stats', shape, () =>
    q
      .select({
        id: sql<string>`c.id`,
        name: sql<string>`e.name`,
        submitted: sql<number | string>`c.submitted`,
        viewed: sql<number | string>`c.viewed`,
        accepted: sql<number | string>`c.accepted`,
      })
      .from(sql`(${sql.join(parts, sql` union all `)}) c join establishments e on e.id = c.id`)
      .orderBy(sql`c.position`),
  );
  const rows = await unread.execute(shape.values);
  return rows.map((row) => ({
    establishment: { id: row.id, name: row.name },
    receiver_unread: {
      submitted: Number(row.submitted),
      viewed: Number(row.viewed),
      accepted: Number(row.accepted),
    },
  }));
}

/**
 * GET referrals/stats/dashboard/: how many referrals each dashboard item's list shows at the current
 * establishment (referral-dashboard.ts), counted by the lists' own query in one statement, so a count and
 * the list it links to always agree.
 */
export async function dashboardStats(q: Queryable, caller: Caller): Promise<ReferralDashboardStats> {
  const shape = new StatementShape();
  const counts = REFERRAL_DASHBOARD_ITEMS.map((item) => {
    const { key, box, list, condition, triage_category } = item;
    const resolved = resolveListQuery(
      shape,
      caller,
      ReferralListQuerySchema.parse({ box, list, condition, triage_category }),
    );
    return [key, sql<number | string>`${listCount(shape, listBranches(shape, caller, resolved), resolved)}`];
  });
  const dashboard = preparedFor(q, 'referral_dashboard_stats', shape, () =>
    q.select(Object.fromEntries(counts) as Record<string, SQL<number | string>>).from(oneRow),
  );
  const [row] = await dashboard.execute(shape.values);
  return REFERRAL_DASHBOARD_ITEMS.map(({ key }) => ({ key, count: Number(row?.[key] ?? 0) }));
}
