import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import { CODE_SENT, type ExternalCodeSent } from '@referrals/domain/portals/external-referral-schemas';
import { VERIFICATION_CODE_GRACE_PERIODS } from '@referrals/domain/referrals/verification-code';
import type { Database } from '../../../db/database.ts';
import { externalReferralDrafts } from '../../../db/schema/portals.ts';
import { validationFailed } from '../../../http/api-errors.ts';
import type { MailMessage } from '../../mail/outbox.ts';
import { queueMail } from '../../mail/mail-delivery.ts';
import { renderMail } from '../../mail/render-mail.ts';
import { hitBucket } from '../../rate-limits/rate-limit-buckets.ts';
import { findDraft, type DraftCall } from './draft-access.ts';
import { draftCodeHash, newDraftCode, secondsUntilNewCode } from './draft-code.ts';

/**
 * Codes mailed per address, across drafts: with the minute between two codes of one draft, this keeps a
 * script from making drafts to mail strangers from (20 an hour).
 */
const CODES_PER_ADDRESS = { capacity: 10, drainMinutes: 30 };
const CODES_REFILL_SECONDS = (CODES_PER_ADDRESS.drainMinutes * 60) / CODES_PER_ADDRESS.capacity;

/**
 * The mail with the code. It leaves the system, so it names no one (the sender may be the patient): the
 * establishment the referral is for, the code and how long it works.
 */
function draftCodeEmail(to: string, establishment: string, code: string): MailMessage {
  const minutes = 1 + VERIFICATION_CODE_GRACE_PERIODS;
  return {
    to,
    subject: 'Your code to send a referral',
    ...renderMail({
      greeting: 'Hello,',
      paragraphs: [
        `Your code is ${code}.`,
        `Type it on the referral form for ${establishment} to send your referral. It works for ${String(minutes)} minutes; after that, ask the form for a new one.`,
      ],
      after: ['If you did not ask for this code, you can ignore this email: nothing is sent without it.'],
    }),
  };
}

/** A draft without a sender address that can take mail cannot be sent a code: the 400 names the field. */
function senderAddress(email: string | null | undefined): string {
  const address = (email ?? '').trim();
  if (!address) throw validationFailed({ sender: { email: [REQUIRED_MESSAGE] } });
  if (!z.email().safeParse(address).success) throw validationFailed({ sender: { email: [EMAIL_MESSAGE] } });
  return address;
}

/**
 * GET public/establishments/{id}/referrals/{ref}/verification-code/ (spec sections 7, 9): mails a new
 * 6-digit code to the draft's sender and keeps its hash and time, the wrong guesses set back to none. The
 * draft is held while this happens, so two requests at once send one code. Within the minute of the last
 * code, or past the address's allowance, nothing is sent and the caller learns how many seconds to wait.
 */
export async function sendDraftCode(
  db: Database,
  options: { call: DraftCall; ip: string; now?: Date },
): Promise<ExternalCodeSent | { retryAfter: number }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const { draft, portal } = await findDraft(tx, options.call, { lock: true, now });
    const to = senderAddress(draft.sender.email);
    const wait = secondsUntilNewCode(draft, now);
    if (wait > 0) return { retryAfter: wait };
    const hit = await hitBucket(tx, `portal-code:ip:${options.ip}`, CODES_PER_ADDRESS);
    if (!hit.allowed) return { retryAfter: CODES_REFILL_SECONDS };
    const code = newDraftCode();
    await tx
      .update(externalReferralDrafts)
      .set({ code_hash: draftCodeHash(draft.id, code), code_sent_at: now, code_failures: 0 })
      .where(eq(externalReferralDrafts.id, draft.id));
    await queueMail(tx, draftCodeEmail(to, portal.name, code));
    return { detail: CODE_SENT, code_sent_at: now.toISOString() };
  });
}
