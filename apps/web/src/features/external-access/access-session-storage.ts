import { browserSessionStorage, forgetStored, readStoredJson, writeStoredJson } from '@/lib/browser-storage';

/**
 * The verified session of each link this tab opened, in sessionStorage: the four pages of one link share it
 * (moving from the referral to the consent form asks nothing again), a reload keeps it, another tab or a
 * closed one asks again. Kept until its expiry, which the server enforces anyway; an entry that is lapsed,
 * not ours or damaged is dropped and the details are asked again.
 */
const keyOf = (token: string) => `referrals.access-session.${token}`;

export type StoredAccessSession = { session: string; expires_at: string };

export function readAccessSession(
  token: string,
  now = Date.now(),
  storage = browserSessionStorage(),
): string | null {
  return readStoredJson(storage, keyOf(token), (parsed) =>
    typeof parsed === 'object' &&
    parsed !== null &&
    'session' in parsed &&
    'expires_at' in parsed &&
    typeof parsed.session === 'string' &&
    typeof parsed.expires_at === 'string' &&
    Date.parse(parsed.expires_at) > now
      ? parsed.session
      : null,
  );
}

/** A full or blocked storage only costs asking again after a reload. */
export function writeAccessSession(
  token: string,
  stored: StoredAccessSession,
  storage = browserSessionStorage(),
): void {
  writeStoredJson(storage, keyOf(token), stored);
}

/** Forgets the session: the server said it lapsed (401), so the details are asked again. */
export function forgetAccessSession(token: string, storage = browserSessionStorage()): void {
  forgetStored(storage, keyOf(token));
}
