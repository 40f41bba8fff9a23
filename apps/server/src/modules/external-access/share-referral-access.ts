import type { Database } from '../../db/database.ts';
import { throttled } from '../../http/api-errors.ts';
import { hitBucket } from '../rate-limits/rate-limit-buckets.ts';
import { openAccessSession, type AccessCall } from './access-link-lookup.ts';
import { issueReferralAccessLink } from '../access-links/issue-referral-access-link.ts';

/** Links shared to one address: three an hour, so nobody is sent a stream of mail they did not ask for. */
export const SHARE_PER_ADDRESS = { capacity: 3, drainMinutes: 60 };
/** Shares through one link: ten a day, so a link cannot be turned into a way to mail many strangers. */
export const SHARE_PER_LINK = { capacity: 10, drainMinutes: 24 * 60 };

/**
 * POST referrals/external/share/?access= {email} (spec section 7; docs/external-access.md, Sharing): a
 * reader with a session sends someone a link of their own, audience 'shared' (they see what the patient
 * sees, and answer the same questions). Over either limit a 429 that sends nothing.
 */
export async function shareReferralAccess(
  db: Database,
  options: { call: AccessCall; email: string; now?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const open = await openAccessSession(tx, options.call, { now: options.now });
    // A refused hit adds nothing (rate-limit-buckets.ts), so throwing after it loses no count.
    for (const [key, rule] of [
      [`external-access:share:${options.email}`, SHARE_PER_ADDRESS],
      [`external-access:share-link:${open.link.id}`, SHARE_PER_LINK],
    ] as const) {
      if (!(await hitBucket(tx, key, rule)).allowed) throw throttled();
    }
    await issueReferralAccessLink(tx, {
      referralId: open.referral.id,
      audience: 'shared',
      email: options.email,
      actor: open.actor,
      detail: { shared_from: open.link.id },
      now: options.now,
    });
  });
}
