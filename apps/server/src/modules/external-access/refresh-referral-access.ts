import { and, eq, ne } from 'drizzle-orm';
import type { AccessAudience } from '@referrals/domain/external-access/external-access-schemas';
import type { Database } from '../../db/database.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { hitBucket } from '../rate-limits/rate-limit-buckets.ts';
import { findAccessLink, type AccessCall } from './access-link-lookup.ts';
import { issueReferralAccessLink } from '../access-links/issue-referral-access-link.ts';

/** New links to one address: three an hour, however many old links ask (a mailbox is not to be flooded). */
export const REFRESH_PER_ADDRESS = { capacity: 3, drainMinutes: 60 };

/**
 * GET referrals/external/refresh-access/?access= (spec section 7; docs/external-access.md, Renewing): a link
 * that has expired, or was locked by wrong answers, gets a new one mailed to the address it went to, with
 * the same audience, while its referral can still be read. The caller always hears the same (202), whether
 * a link was sent, the token was unknown, still working, or its address over the limit: the answer tells
 * nobody anything about a token, and the new link goes only where the old one went.
 */
export async function refreshReferralAccess(
  db: Database,
  options: { call: AccessCall; now?: Date },
): Promise<void> {
  const { call } = options;
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const link = await findAccessLink(tx, call.token);
    if (!link || (link.expires_at > now && link.locked_at === null)) return;
    const [referral] = await tx
      .select({ receiverId: referrals.to_establishment_id })
      .from(referrals)
      .where(
        and(
          eq(referrals.id, link.referral_id),
          eq(referrals.is_deleted, false),
          ne(referrals.status, 'DRFT'),
        ),
      );
    if (!referral) return;
    const hit = await hitBucket(tx, `external-access:refresh:${link.email}`, REFRESH_PER_ADDRESS);
    if (!hit.allowed) return;
    await issueReferralAccessLink(tx, {
      referralId: link.referral_id,
      audience: link.audience as AccessAudience,
      email: link.email,
      actor: { actorId: null, establishmentId: referral.receiverId, ip: call.ip, requestId: call.requestId },
      detail: { renews: link.id },
      now,
    });
  });
}
