import { and, asc, eq, inArray } from 'drizzle-orm';
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
import type { Database, Transaction } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { healthNetworks } from '../../db/schema/portals.ts';
import { validationFailed } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
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

export const NOT_A_UNIT_MESSAGE = 'Choose one of the departments or services listed.';

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

/** What the figures are about: an establishment or a health network, and the units they may narrow to. */
export type AnalyticsSubject = {
  kind: 'establishment' | 'network';
  id: string;
  name: string;
  /** The departments (a hospital's) or services (a network's) to narrow to, each with the ids it covers. */
  units: { id: string; name: string; covers: string[] }[];
  /** Every establishment the figures cover without a unit chosen. */
  covers: string[];
};

/** An establishment: itself, and a hospital's departments as its units. */
export async function establishmentSubject(
  tx: Transaction,
  current: { id: string; type: string },
): Promise<AnalyticsSubject> {
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
  return {
    kind: 'establishment',
    ...establishment,
    units: departments.map((department) => ({ ...department, covers: [department.id] })),
    covers: [current.id, ...departments.map((department) => department.id)],
  };
}

/**
 * A health network: the establishments of its organisation code that share their waiting times, each a
 * unit with its departments. Null for no such network.
 */
export async function networkSubject(tx: Transaction, networkId: string): Promise<AnalyticsSubject | null> {
  const [network] = await tx
    .select({ id: healthNetworks.id, name: healthNetworks.name, code: healthNetworks.code })
    .from(healthNetworks)
    .where(eq(healthNetworks.id, networkId));
  if (!network) return null;
  const members = await tx
    .select({ id: establishments.id, name: establishments.name })
    .from(establishments)
    .where(
      and(
        eq(establishments.health_organisation_network, network.code),
        eq(establishments.shares_waiting_times, true),
      ),
    )
    .orderBy(asc(establishments.name));
  const ids = members.map((member) => member.id);
  const departments =
    ids.length === 0
      ? []
      : await tx
          .select({ id: establishments.id, hospital_id: establishments.hospital_id })
          .from(establishments)
          .where(inArray(establishments.hospital_id, ids));
  const units = members.map((member) => ({
    ...member,
    covers: [member.id, ...departments.filter((d) => d.hospital_id === member.id).map((d) => d.id)],
  }));
  return {
    kind: 'network',
    id: network.id,
    name: network.name,
    units,
    covers: units.flatMap((unit) => unit.covers),
  };
}

/**
 * The waiting times and volumes of a subject (docs/analytics.md): GET analytics/ for the current
 * establishment's account holder and practice managers (a hospital's with its departments) or a
 * department's head, and a health network's for the platform's administrators, with small-cell suppression
 * applied before anything leaves the server. One read transaction, one audit row. Null when `subject`
 * finds nothing (an unknown network).
 */
export async function readAnalytics(options: {
  db: Database;
  actor: AuditActor;
  query: AnalyticsQuery;
  subject: (tx: Transaction) => Promise<AnalyticsSubject | null>;
  /** The clock the "waiting now" figures and "seen" (a past appointment) are read at. */
  now?: Date;
}): Promise<Analytics | null> {
  const { db, query } = options;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const subject = await options.subject(tx);
    if (subject === null) return null;
    let own = subject.covers;
    if (query.unit !== undefined) {
      const unit = subject.units.find((candidate) => candidate.id === query.unit);
      if (unit === undefined) throw validationFailed({ unit: [NOT_A_UNIT_MESSAGE] });
      own = unit.covers;
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
      resourceType: subject.kind === 'network' ? 'health-network' : 'establishment',
      resourceId: subject.id,
      detail: { from: query.from, to: query.to, ...(query.unit ? { unit: query.unit } : {}) },
    });
    const received = outcomeRows.find((row) => row.kind === 'received')?.count ?? 0;
    return {
      scope: { kind: subject.kind, id: subject.id, name: subject.name },
      range: { from: query.from, to: query.to },
      units: subject.units.map((unit) => ({ id: unit.id, name: unit.name })),
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
