import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ACCESS_SESSION_HEADER,
  SESSION_NEEDED,
  type AccessAudience,
} from '@referrals/domain/external-access/external-access-schemas';
import type { Queryable } from '../../db/database.ts';
import { referralAccessLinks, referralAccessSessions } from '../../db/schema/external-access.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { ApiError, notFound } from '../../http/api-errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { hashToken } from '../auth/one-time-tokens.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';

export type AccessLinkRow = typeof referralAccessLinks.$inferSelect;

/**
 * Who calls through a link: its token (`?access=`), the session secret when the page has one
 * (X-Access-Session), and where from, for the audit. Empty strings for what is missing: they match nothing.
 */
export type AccessCall = { token: string; session: string; ip: string | null; requestId: string };

export function accessCallOf(
  request: Pick<FastifyRequest, 'headers' | 'ip' | 'id'> & { query: { access: string } },
): AccessCall {
  const header = request.headers[ACCESS_SESSION_HEADER];
  return {
    token: request.query.access,
    session: typeof header === 'string' ? header : '',
    ip: request.ip,
    requestId: request.id,
  };
}

/**
 * A link and its referral as every call through it needs them. The audit's actor is nobody in the product,
 * acting at the receiving establishment (the referral's record holder), from the caller's address.
 */
export type OpenLink = {
  link: AccessLinkRow;
  referral: ReferralRow;
  audience: AccessAudience;
  actor: AuditActor;
};

/**
 * The link `token` names with its referral, when it still opens it: not expired, not locked, its referral
 * neither deleted nor taken back to a draft (a recalled referral is nobody's to read). Otherwise the 404 of a
 * missing one, the same for each reason, so a token's state cannot be probed. `lock` holds the link row for
 * the caller's transaction (a verification counting a wrong answer).
 */
export async function openAccessLink(
  q: Queryable,
  call: Pick<AccessCall, 'token' | 'ip' | 'requestId'>,
  options: { lock?: boolean; now?: Date } = {},
): Promise<OpenLink> {
  if (!call.token) throw notFound();
  const query = q
    .select({ link: referralAccessLinks, referral: referrals })
    .from(referralAccessLinks)
    .innerJoin(referrals, eq(referrals.id, referralAccessLinks.referral_id))
    .where(
      and(
        eq(referralAccessLinks.token_hash, hashToken(call.token)),
        gt(referralAccessLinks.expires_at, options.now ?? new Date()),
        isNull(referralAccessLinks.locked_at),
        eq(referrals.is_deleted, false),
        ne(referrals.status, 'DRFT'),
      ),
    );
  const [found] = await (options.lock ? query.for('update', { of: referralAccessLinks }) : query);
  if (!found) throw notFound();
  return {
    ...found,
    audience: found.link.audience as AccessAudience,
    actor: {
      actorId: null,
      establishmentId: found.referral.to_establishment_id,
      ip: call.ip,
      requestId: call.requestId,
    },
  };
}

/** The link of any state `token` names (refresh-access renews an expired or locked one); undefined for none. */
export async function findAccessLink(q: Queryable, token: string): Promise<AccessLinkRow | undefined> {
  if (!token) return undefined;
  const [row] = await q
    .select()
    .from(referralAccessLinks)
    .where(eq(referralAccessLinks.token_hash, hashToken(token)));
  return row;
}

/**
 * The link of a call that needs a verified session: the link as openAccessLink finds it (else 404), then a
 * live session of that link (else 401: the page asks for the details again). A session of another link,
 * another referral's included, is no session here.
 */
export async function openAccessSession(
  q: Queryable,
  call: AccessCall,
  options: { lock?: boolean; now?: Date } = {},
): Promise<OpenLink> {
  const now = options.now ?? new Date();
  const open = await openAccessLink(q, call, { now, lock: options.lock });
  const [session] = call.session
    ? await q
        .select({ id: referralAccessSessions.id })
        .from(referralAccessSessions)
        .where(
          and(
            eq(referralAccessSessions.session_hash, hashToken(call.session)),
            eq(referralAccessSessions.link_id, open.link.id),
            gt(referralAccessSessions.expires_at, now),
          ),
        )
    : [];
  if (!session) throw new ApiError(401, { detail: SESSION_NEEDED });
  return open;
}

/** The referral row locked for a write through a link (an upload counting its room). */
export async function lockReferral(q: Queryable, referralId: string): Promise<void> {
  await q.execute(sql`select 1 from ${referrals} where ${referrals.id} = ${referralId} for update`);
}
