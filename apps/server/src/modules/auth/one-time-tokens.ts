import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { oneTimeTokens } from '../../db/schema/auth.ts';

export type OneTimeTokenPurpose =
  'password-reset' | 'email-verification' | 'account-link' | 'sso-link' | 'unlock' | 'record-launch';

/** How long a link stays usable after it is sent. */
export const TOKEN_LIFETIME_MS: Record<OneTimeTokenPurpose, number> = {
  'password-reset': 60 * 60_000,
  'email-verification': 24 * 60 * 60_000,
  'account-link': 10 * 60_000,
  'sso-link': 10 * 60_000,
  unlock: 24 * 60 * 60_000,
  // Spent by the browser's own redirect to the sign-in, seconds after the record system's sign-in.
  'record-launch': 5 * 60_000,
};

/**
 * What is stored of a secret sent to someone: its sha256, so that whoever reads the table (a backup, a
 * replica) cannot use a pending link, code or portal draft.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
// A 6-digit code is only unique per user, so its hash is bound to the user it was sent to.
const hashCode = (userId: string, code: string) => hashToken(`${userId}:${code}`);

/**
 * A new single-use token for the user, returned once for the link; the user's earlier unused tokens for the
 * same purpose stop working, so only the newest email's link does.
 */
export async function issueOneTimeToken(
  q: Queryable,
  options: {
    userId: string;
    purpose: OneTimeTokenPurpose;
    /** Facts the token is bound to, e.g. the address a verification link was sent to. */
    detail?: Record<string, unknown>;
    now?: Date;
    /** A 6-digit code to type in, instead of a long secret for a link. */
    code?: boolean;
  },
): Promise<string> {
  const now = options.now ?? new Date();
  await q
    .update(oneTimeTokens)
    .set({ expires_at: now })
    .where(
      and(
        eq(oneTimeTokens.user_id, options.userId),
        eq(oneTimeTokens.purpose, options.purpose),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, now),
      ),
    );
  const token = options.code
    ? String(randomInt(0, 1_000_000)).padStart(6, '0')
    : randomBytes(32).toString('base64url');
  await q.insert(oneTimeTokens).values({
    user_id: options.userId,
    purpose: options.purpose,
    token_hash: options.code ? hashCode(options.userId, token) : hashToken(token),
    detail: options.detail ?? null,
    created_at: now,
    expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[options.purpose]),
  });
  return token;
}

export type TokenState = {
  userId: string;
  usable: boolean;
  used: boolean;
  detail: Record<string, unknown> | null;
};

/** What a token is, without spending it: for showing a form or a message before anything changes. */
export async function inspectOneTimeToken(
  q: Queryable,
  token: string,
  purpose: OneTimeTokenPurpose,
  now = new Date(),
): Promise<TokenState | undefined> {
  if (!token) return undefined;
  const [row] = await q
    .select({
      userId: oneTimeTokens.user_id,
      usedAt: oneTimeTokens.used_at,
      expiresAt: oneTimeTokens.expires_at,
      detail: oneTimeTokens.detail,
    })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.token_hash, hashToken(token)), eq(oneTimeTokens.purpose, purpose)));
  if (!row) return undefined;
  const used = row.usedAt !== null;
  return { userId: row.userId, used, usable: !used && row.expiresAt > now, detail: row.detail };
}

/**
 * Spends the token and returns its user, or undefined when it is unknown, expired or already spent. One
 * conditional UPDATE does it, so two requests racing with the same link cannot both succeed.
 */
export async function spendOneTimeToken(
  q: Queryable,
  token: string,
  purpose: OneTimeTokenPurpose,
  now = new Date(),
): Promise<{ userId: string; detail: Record<string, unknown> | null } | undefined> {
  if (!token) return undefined;
  const [row] = await q
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(oneTimeTokens.token_hash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, now),
      ),
    )
    .returning({ userId: oneTimeTokens.user_id, detail: oneTimeTokens.detail });
  return row;
}

/** Moves a user's tokens' expiry into the past: lets tests prove the expiry rule without waiting. */
export async function expireOneTimeTokens(q: Queryable, userId: string): Promise<void> {
  await q
    .update(oneTimeTokens)
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.user_id, userId));
}

/**
 * Spends a typed-in code of this user. Codes are short, so callers must limit how often one user may try
 * (a wrong guess is not counted here).
 */
export async function spendOneTimeCode(
  q: Queryable,
  userId: string,
  code: string,
  purpose: OneTimeTokenPurpose,
  now = new Date(),
): Promise<{ userId: string; detail: Record<string, unknown> | null } | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const [row] = await q
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(oneTimeTokens.token_hash, hashCode(userId, code)),
        eq(oneTimeTokens.user_id, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, now),
      ),
    )
    .returning({ userId: oneTimeTokens.user_id, detail: oneTimeTokens.detail });
  return row;
}
