import { asc, eq } from 'drizzle-orm';
import {
  ANALYTICS_TOP_COUNT,
  OUTCOME_REASONS,
  RECOMMENDED_DAYS,
  suppressedCount,
  suppressedFigure,
  WaitlistStages,
  type Analytics,
  type AnalyticsQuery,
} from '@referrals/domain/analytics/waiting-times';
import { triageCategories } from '@referrals/domain/referrals/referral-codes';
import type { Database } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { validationFailed } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import {
  appointmentWaits,
  outcomes,
  topReceivers,
  topReferrers,
  triageWaits,
  waitlistNow,
  weeklyVolumes,
  type AnalyticsScope,
  type OutcomeRow,
  type WaitRow,
} from './analytics-queries.ts';

export const NOT_A_DEPARTMENT_MESSAGE = 'Choose one of this hospital’s departments.';

/** Days to one decimal, as the page shows them. */
const days = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function wait(row: WaitRow | undefined) {
  const count = row?.count ?? 0;
  return {
    count: suppressedCount(count),
    median_days: suppressedFigure(count, days(row?.median_days ?? null)),
    p90_days: suppressedFigure(count, days(row?.p90_days ?? null)),
  };
}

function outcome(rows: OutcomeRow[], kind: 'returned' | 'recalled' | 'forwarded', received: number) {
  const total = rows.find((row) => row.kind === kind && row.reason === null)?.count ?? 0;
  const displays: Readonly<Record<string, string>> = OUTCOME_REASONS[kind];
  const reasons = rows
    .filter((row) => row.kind === kind && row.reason !== null)
    .sort((a, b) => b.count - a.count || (a.reason ?? '').localeCompare(b.reason ?? ''))
    .map((row) => ({
      reason: row.reason ?? '',
      display: row.reason ? (displays[row.reason] ?? row.reason) : 'No reason given',
      count: suppressedCount(row.count),
    }));
  return {
    count: suppressedCount(total),
    rate:
      total > 0 && total < 5 ? null : suppressedFigure(received, received === 0 ? null : total / received),
    reasons,
  };
}

/**
 * GET analytics/ (docs/analytics.md): the current establishment's waiting times and volumes, for its
 * account holder and practice managers (a hospital's with its departments') or a department's head, with
 * small-cell suppression applied before anything leaves the server. One read transaction, one audit row.
 */
export async function readAnalytics(options: {
  db: Database;
  caller: Caller;
  actor: AuditActor;
  query: AnalyticsQuery;
  /** The clock the "waiting now" figures and "seen" (a past appointment) are read at. */
  now?: Date;
}): Promise<Analytics> {
  const { db, caller, query } = options;
  const now = options.now ?? new Date();
  const current = caller.current?.establishment;
  if (!current) throw new Error('readAnalytics needs a current establishment (route access)');
  return db.transaction(async (tx) => {
    const [establishment] = await tx
      .select({ id: establishments.id, name: establishments.name })
      .from(establishments)
      .where(eq(establishments.id, current.id));
    if (!establishment) throw new Error('the current establishment is missing');
    const departments =
      current.type === 'HL'
        ? await tx
            .select({ id: establishments.id, name: establishments.name })
            .from(establishments)
            .where(eq(establishments.hospital_id, current.id))
            .orderBy(asc(establishments.name))
        : [];
    let own = [current.id, ...departments.map((department) => department.id)];
    if (query.department !== undefined) {
      if (!departments.some((department) => department.id === query.department)) {
        throw validationFailed({ department: [NOT_A_DEPARTMENT_MESSAGE] });
      }
      own = [query.department];
    }
    const scope: AnalyticsScope = { receivers: own, senders: own, query, now };
    const weekly = await weeklyVolumes(tx, scope);
    const triage = await triageWaits(tx, scope);
    const seen = await appointmentWaits(tx, scope);
    const waiting = await waitlistNow(tx, scope);
    const outcomeRows = await outcomes(tx, scope);
    const referrers = await topReferrers(tx, scope, ANALYTICS_TOP_COUNT);
    const receivers = await topReceivers(tx, scope, ANALYTICS_TOP_COUNT);
    await recordAudit(tx, options.actor, {
      action: 'analytics.read',
      resourceType: 'establishment',
      resourceId: query.department ?? current.id,
      detail: { from: query.from, to: query.to },
    });
    const received = outcomeRows.find((row) => row.kind === 'received')?.count ?? 0;
    return {
      establishment,
      range: { from: query.from, to: query.to },
      departments,
      weekly: weekly.map((row) => ({
        week_start: row.week_start,
        received: suppressedCount(row.received),
        sent: suppressedCount(row.sent),
      })),
      waits: triageCategories.codes.map((category) => {
        const appointment = seen.find((row) => row.triage_category === category);
        const seenCount = appointment?.count ?? 0;
        const withinCount = appointment?.within_count ?? 0;
        return {
          triage_category: category,
          recommended_days: RECOMMENDED_DAYS[category],
          triage: wait(triage.find((row) => row.triage_category === category)),
          appointment: {
            ...wait(appointment),
            within_count: seenCount < 5 ? null : suppressedCount(withinCount),
            within_share: suppressedFigure(seenCount, seenCount === 0 ? null : withinCount / seenCount),
          },
        };
      }),
      waitlist: WaitlistStages.map((stage) => {
        const row = waiting.find((candidate) => candidate.stage === stage);
        const count = row?.count ?? 0;
        return {
          stage,
          count: suppressedCount(count),
          median_days: suppressedFigure(count, days(row?.median_days ?? null)),
          oldest_days: suppressedFigure(count, days(row?.oldest_days ?? null)),
          overdue: triageCategories.isCode(stage) && count >= 5 ? suppressedCount(row?.overdue ?? 0) : null,
        };
      }),
      outcomes: {
        received: suppressedCount(received),
        returned: outcome(outcomeRows, 'returned', received),
        recalled: outcome(outcomeRows, 'recalled', received),
        forwarded: outcome(outcomeRows, 'forwarded', received),
      },
      top_referrers: referrers.map((row) => ({ ...row, count: suppressedCount(row.count) })),
      top_receivers: receivers.map((row) => ({ ...row, count: suppressedCount(row.count) })),
      generated_at: now.toISOString(),
    };
  });
}
