import { browserSessionStorage } from '@/lib/browser-storage';

/**
 * The verified session of each link this tab opened, in sessionStorage: the four pages of one link share it
 * (moving from the referral to the consent form asks nothing again), a reload keeps it, another tab or a
 * closed one asks again. Kept until its expiry, which the server enforces anyway.
 */
const keyOf = (token: string) => `referrals.access-session.${token}`;

export type StoredAccessSession = { session: string; expires_at: string };

export function readAccessSession(
  token: string,
  now = Date.now(),
  storage = browserSessionStorage(),
): string | null {
  const text = storage?.getItem(keyOf(token));
  if (text === null || text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'session' in parsed &&
      'expires_at' in parsed &&
      typeof parsed.session === 'string' &&
      typeof parsed.expires_at === 'string' &&
      Date.parse(parsed.expires_at) > now
    ) {
      return parsed.session;
    }
  } catch {
    // Not ours, or damaged: ask again.
  }
  storage?.removeItem(keyOf(token));
  return null;
}

export function writeAccessSession(
  token: string,
  stored: StoredAccessSession,
  storage = browserSessionStorage(),
): void {
  try {
    storage?.setItem(keyOf(token), JSON.stringify(stored));
  } catch {
    // A full or blocked storage only costs asking again after a reload.
  }
}

/** Forgets the session: the server said it lapsed (401), so the details are asked again. */
export function forgetAccessSession(token: string, storage = browserSessionStorage()): void {
  storage?.removeItem(keyOf(token));
}
