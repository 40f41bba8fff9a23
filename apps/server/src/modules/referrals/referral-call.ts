import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/database.ts';
import { notFound } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import { auditActorOf, type AuditActor } from '../audit/record-audit.ts';
import { callerOf, readerOf, type Caller, type Reader } from '../tenancy/caller.ts';
import { findVisibleReferral, type ReferralRow } from './referral-queries.ts';
import { referralEstablishmentOf, visibleSideOf } from './referral-visibility.ts';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';

export const ReferralIdParamsSchema = z.object({ id: z.string() });

/** Who asks about one referral: the caller and their audit actor, passed to every referral function. */
export type ReferralCall = { caller: Caller; actor: AuditActor; referralId: string };

/** A read of one referral, by a person or by a backend service for its establishment (the FHIR API). */
export type ReferralReadCall = Omit<ReferralCall, 'caller'> & { caller: Reader };

/** The caller and audit actor of a call about one referral; no establishment or a bad id is a 404. */
export async function referralCall(request: FastifyRequest, referralId: string): Promise<ReferralCall> {
  const caller = await callerOf(request);
  if (referralEstablishmentOf(caller) === null || !isUuid(referralId)) throw notFound();
  return { caller, actor: auditActorOf(request, caller), referralId };
}

/** The reader and audit actor of a FHIR read of one referral; as `referralCall`, for a backend service too. */
export async function referralReadCall(
  request: FastifyRequest,
  referralId: string,
): Promise<ReferralReadCall> {
  const reader = await readerOf(request);
  if (referralEstablishmentOf(reader) === null || !isUuid(referralId)) throw notFound();
  return { caller: reader, actor: auditActorOf(request, reader), referralId };
}

/**
 * Runs `work` in one transaction on a referral the caller may see, with the caller's side of it. An action
 * locks the row (`lock`), so concurrent actions on one referral run one after the other and the second
 * sees the first's status: of 20 simultaneous accepts exactly one succeeds.
 */
export function inVisibleReferral<T>(
  db: Database,
  call: ReferralReadCall & { lock?: boolean },
  work: (tx: Transaction, referral: ReferralRow, side: ReferralSideOfCaller) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const referral = await findVisibleReferral(tx, call.caller, call.referralId, { lock: call.lock });
    if (!referral) throw notFound();
    return work(tx, referral, visibleSideOf(call.caller, referral));
  });
}
