import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Transaction } from '../../db/database.ts';
import { notFound } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import { auditActorOf, type AuditActor } from '../audit/record-audit.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';
import { referralEstablishmentOf, visibleSideOf } from '../referrals/referral-visibility.ts';
import { callerOf, type Caller } from '../tenancy/caller.ts';
import { findVisibleReport, type ReportRow } from './report-queries.ts';

export const ReferralReportParamsSchema = z.object({ id: z.string(), rid: z.string() });
export const ReportIdParamsSchema = z.object({ id: z.string() });

/** Who asks about one report: the caller, their audit actor, the report and (on referral paths) its referral. */
export type ReportCall = { caller: Caller; actor: AuditActor; reportId: string; referralId?: string };

/** The call about one report; no establishment or a malformed id is the 404 of a missing report. */
export async function reportCall(
  request: FastifyRequest,
  ids: { reportId: string; referralId?: string },
): Promise<ReportCall> {
  const caller = await callerOf(request);
  const malformed = !isUuid(ids.reportId) || (ids.referralId !== undefined && !isUuid(ids.referralId));
  if (referralEstablishmentOf(caller) === null || malformed) throw notFound();
  return { caller, actor: auditActorOf(request, caller), ...ids };
}

/** What a report function works on: the report, its referral and the caller's side of that referral. */
export type VisibleReport = { report: ReportRow; referral: ReferralRow; side: ReferralSideOfCaller };

/**
 * Runs `work` in one transaction on a report the caller may see. An action locks the report row
 * (`lock`), so concurrent actions on one report run one after the other and the second sees the first's
 * status: of 20 simultaneous reviews exactly one succeeds.
 */
export function inVisibleReport<T>(
  db: Database,
  call: ReportCall & { lock?: boolean },
  work: (tx: Transaction, found: VisibleReport) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const found = await findVisibleReport(tx, call.caller, call, { lock: call.lock });
    if (!found) throw notFound();
    return work(tx, { ...found, side: visibleSideOf(call.caller, found.referral) });
  });
}
