import { and, eq, lte, sql } from 'drizzle-orm';
import { submittedDates } from '@referrals/domain/external-access/external-access-rules';
import {
  ACCESS_SESSION_MINUTES,
  MAX_WRONG_ANSWERS,
  VERIFY_FAILED,
  type ExternalAccessSession,
  type ExternalVerification,
} from '@referrals/domain/external-access/external-access-schemas';
import type { Database, Transaction } from '../../db/database.ts';
import { referralAccessLinks, referralAccessSessions } from '../../db/schema/external-access.ts';
import { patients } from '../../db/schema/patients.ts';
import { ApiError, throttled } from '../../http/api-errors.ts';
import { hashToken } from '../auth/one-time-tokens.ts';
import { hitBucket } from '../rate-limits/rate-limit-buckets.ts';
import { verifyReferralCode } from '../referrals/verification/verification-codes.ts';
import { auditThroughLink } from './access-audit.ts';
import { newAccessSecret } from '../access-links/access-secret.ts';
import { type AccessCall, openAccessLink, type OpenLink } from './access-link-lookup.ts';
import { externalReferralView } from './external-referral-view.ts';

/**
 * Verifications from one network address: 30 an hour, whatever the link (guessing across many links, or
 * tokens). A link's own limit (MAX_WRONG_ANSWERS) holds however many addresses an attacker has.
 */
export const VERIFY_PER_ADDRESS = { capacity: 30, drainMinutes: 60 };

/** Names as people type them: case, surrounding and doubled spaces and composed accents do not matter. */
const nameKey = (name: string) =>
  name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-AU');

/** Whether the answer fits the referral: its patient's names and date of birth, or its submitted day and code. */
async function answerFits(
  tx: Transaction,
  open: OpenLink,
  answer: ExternalVerification,
  now: Date,
): Promise<boolean> {
  const { referral } = open;
  if (answer.method === 'submitted_at_code') {
    if (!referral.submitted_at || !submittedDates(referral.submitted_at).includes(answer.submitted_at)) {
      return false;
    }
    return verifyReferralCode(tx, { referralId: referral.id, code: answer.code, now });
  }
  if (!referral.patient_id) return false;
  const [patient] = await tx
    .select({ first_name: patients.first_name, last_name: patients.last_name, dob: patients.dob })
    .from(patients)
    .where(eq(patients.id, referral.patient_id));
  return (
    patient !== undefined &&
    patient.dob === answer.dob &&
    nameKey(patient.last_name) === nameKey(answer.last_name) &&
    nameKey(patient.first_name) === nameKey(answer.first_name)
  );
}

/**
 * One more wrong answer on the held link; the MAX_WRONG_ANSWERS-th locks it, so every later answer, the
 * right one included, finds no link (openAccessLink). Audited as refused, with the count.
 */
async function countWrongAnswer(tx: Transaction, open: OpenLink, method: ExternalVerification['method']) {
  const [counted] = await tx
    .update(referralAccessLinks)
    .set({
      wrong_answers: sql`${referralAccessLinks.wrong_answers} + 1`,
      locked_at: sql`case when ${referralAccessLinks.wrong_answers} + 1 >= ${MAX_WRONG_ANSWERS} then now() end`,
    })
    .where(eq(referralAccessLinks.id, open.link.id))
    .returning({
      wrong_answers: referralAccessLinks.wrong_answers,
      locked_at: referralAccessLinks.locked_at,
    });
  await auditThroughLink(tx, open, {
    action: 'referral.access.verify',
    outcome: 'denied',
    detail: { method, wrong_answers: counted?.wrong_answers, locked: counted?.locked_at != null },
  });
}

/** A session of the link, good for ACCESS_SESSION_MINUTES; the link's spent sessions are cleared on the way. */
async function startSession(tx: Transaction, open: OpenLink, now: Date) {
  const session = newAccessSecret();
  const expiresAt = new Date(now.getTime() + ACCESS_SESSION_MINUTES * 60_000);
  await tx
    .delete(referralAccessSessions)
    .where(
      and(eq(referralAccessSessions.link_id, open.link.id), lte(referralAccessSessions.expires_at, now)),
    );
  await tx.insert(referralAccessSessions).values({
    link_id: open.link.id,
    session_hash: hashToken(session),
    expires_at: expiresAt,
    created_at: now,
  });
  return { session, expires_at: expiresAt.toISOString() };
}

/**
 * POST referrals/external/?access= (docs/external-access.md, Verifying): the link's reader answers the
 * patient's details, or the submitted date and the sender's verification code. First the address's limit
 * (429, before anything is read); then, on the link held FOR UPDATE so that concurrent answers are counted
 * one after the other, the answer: right, a session, the referral as the link shows it and the audit rows;
 * wrong, the count (committed) and the one 400 for any wrong answer. An unknown, expired, locked or other
 * link is the 404 of a missing one.
 */
export async function verifyReferralAccess(
  db: Database,
  options: { call: AccessCall; answer: ExternalVerification; now?: Date },
): Promise<ExternalAccessSession> {
  const { call, answer } = options;
  const now = options.now ?? new Date();
  const hit = await hitBucket(db, `external-access:verify:${call.ip ?? 'unknown'}`, VERIFY_PER_ADDRESS);
  if (!hit.allowed) throw throttled();
  const verified = await db.transaction(async (tx) => {
    const open = await openAccessLink(tx, call, { lock: true, now });
    if (!(await answerFits(tx, open, answer, now))) {
      await countWrongAnswer(tx, open, answer.method);
      return null;
    }
    const session = await startSession(tx, open, now);
    await auditThroughLink(tx, open, { action: 'referral.access.verify', detail: { method: answer.method } });
    await auditThroughLink(tx, open, { action: 'referral.read' });
    return { ...session, referral: await externalReferralView(tx, open.referral, open.audience) };
  });
  // Thrown once the count is committed: a wrong answer is counted whatever the client does next.
  if (!verified) throw new ApiError(400, { detail: VERIFY_FAILED });
  return verified;
}
