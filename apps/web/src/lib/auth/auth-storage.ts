/**
 * What sign-in keeps in the browser. The pending sign-in (PKCE verifier, state, where to return) lives in
 * sessionStorage: it belongs to one tab's round trip to the login page. The activity times live in
 * localStorage, so every open tab sees the same last activity and they all time out together
 * (spec section 9). The access token is never stored: it stays in memory. The refresh token of the
 * built-in provider lives in an HttpOnly cookie; only an external provider's, which no cookie of ours
 * can hold, is kept here in sessionStorage (session.ts explains the trade-off).
 */

export const PENDING_SIGN_IN_KEY = 'referrals.sign-in';
export const LAST_ACTIVITY_KEY = 'referrals.session.last-activity';
export const LAST_SERVER_CONTACT_KEY = 'referrals.session.last-server-contact';
export const REFRESH_TOKEN_KEY = 'referrals.refresh-token';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type PendingSignIn = {
  /** Where the user wanted to go; a path on this site. */
  returnTo: string;
  /** Present once the redirect to the hosted login has started. */
  verifier?: string;
  state?: string;
};

// After signing in, going back to these would start another sign-in or log straight out again.
const NO_RETURN_PATHS = ['/login', '/logout', '/authorize'];

/**
 * A return address that stays on this site: a path starting with one slash. Anything else (another
 * origin, a protocol-relative //host, garbage) becomes '/', so a crafted link cannot bounce a freshly
 * signed-in user to someone else's site.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return '/';
  }
  const pathname = value.split(/[?#]/)[0] ?? '/';
  return NO_RETURN_PATHS.includes(pathname) ? '/' : value;
}

function read(storage: KeyValueStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // A storage that refuses writes costs the memory across reloads and tabs, not the sign-in itself.
  }
}

function remove(storage: KeyValueStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // See write.
  }
}

export function readPendingSignIn(storage: KeyValueStorage | undefined): PendingSignIn | undefined {
  const text = read(storage, PENDING_SIGN_IN_KEY);
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof PendingSignIn, unknown>>;
    return {
      returnTo: safeReturnTo(value.returnTo),
      ...(typeof value.verifier === 'string' ? { verifier: value.verifier } : {}),
      ...(typeof value.state === 'string' ? { state: value.state } : {}),
    };
  } catch {
    return undefined;
  }
}

export function writePendingSignIn(storage: KeyValueStorage | undefined, pending: PendingSignIn): void {
  write(
    storage,
    PENDING_SIGN_IN_KEY,
    JSON.stringify({ ...pending, returnTo: safeReturnTo(pending.returnTo) }),
  );
}

export function clearPendingSignIn(storage: KeyValueStorage | undefined): void {
  remove(storage, PENDING_SIGN_IN_KEY);
}

/** A stored time in epoch milliseconds, or null when there is none (or it is unreadable). */
export function readTimestamp(storage: KeyValueStorage | undefined, key: string): number | null {
  const text = read(storage, key);
  if (text === null) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function writeTimestamp(storage: KeyValueStorage | undefined, key: string, time: number): void {
  write(storage, key, String(time));
}

export function clearTimestamp(storage: KeyValueStorage | undefined, key: string): void {
  remove(storage, key);
}

/** An external provider's refresh token, or null when there is none. */
export function readRefreshToken(storage: KeyValueStorage | undefined): string | null {
  const token = read(storage, REFRESH_TOKEN_KEY);
  return token === null || token === '' ? null : token;
}

export function writeRefreshToken(storage: KeyValueStorage | undefined, token: string): void {
  write(storage, REFRESH_TOKEN_KEY, token);
}

export function clearRefreshToken(storage: KeyValueStorage | undefined): void {
  remove(storage, REFRESH_TOKEN_KEY);
}
