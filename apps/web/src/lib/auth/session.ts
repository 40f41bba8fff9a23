import { paths } from '@/lib/paths';
import { browserLocalStorage, browserSessionStorage } from '@/lib/browser-storage';
import {
  LAST_ACTIVITY_KEY,
  LAST_SERVER_CONTACT_KEY,
  clearPendingSignIn,
  clearTimestamp,
  readPendingSignIn,
  writePendingSignIn,
  writeTimestamp,
} from './auth-storage';
import { authorizeUrl, codeChallengeS256, randomUrlSafeString } from './pkce';
import { singleFlight } from './single-flight';

/**
 * The browser side of the hosted login (spec section 4, Session and sign-in): the PKCE redirect, the
 * code exchange, and refreshes through the HttpOnly refresh cookie. The access token lives in this
 * module's memory only, so no script can lift it from storage and a closed tab forgets it.
 */

const CLIENT_ID = 'referrals-web';
const SCOPE = 'openid profile email offline_access';
const AUTHORIZATION_ENDPOINT = '/auth/authorize';
// The server's own token endpoint, not the provider's from discovery: it moves the refresh token
// into the HttpOnly cookie, and being same-origin is what lets the browser send that cookie.
const TOKEN_ENDPOINT = '/auth/oauth/token';
const REFRESH_LOCK = 'referrals.token-refresh';

/** Cookies of the sign-in the page could clear itself; the refresh cookie is HttpOnly, cleared by the server. */
const AUTH_COOKIES = ['referrals_refresh'];

let accessToken: string | null = null;

export function getAccessToken(): string | null {
  return accessToken;
}

/** Why a sign-in could not be completed on the return page. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(readonly reason: 'state' | 'exchange') {
    super(reason === 'state' ? 'The sign-in did not start in this tab' : 'The sign-in code was refused');
  }
}

function redirectUri(): string {
  return `${window.location.origin}${paths.auth.authorize.getHref()}`;
}

function readAccessToken(body: unknown): string | null {
  const token = (body as { access_token?: unknown } | null)?.access_token;
  return typeof token === 'string' && token !== '' ? token : null;
}

async function requestToken(form: Record<string, string>): Promise<Response> {
  return fetch(TOKEN_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ client_id: CLIENT_ID, ...form }),
    credentials: 'same-origin',
  });
}

/** The server heard from this browser with a valid session: a refresh or an authenticated API call. */
export function noteServerContact(time = Date.now()): void {
  writeTimestamp(browserLocalStorage(), LAST_SERVER_CONTACT_KEY, time);
}

/** The user did something (spec section 9); every tab reads this time. */
export function recordActivity(time = Date.now()): void {
  writeTimestamp(browserLocalStorage(), LAST_ACTIVITY_KEY, time);
}

async function refreshOnce(): Promise<boolean> {
  const response = await requestToken({ grant_type: 'refresh_token' });
  // 400 invalid_grant: the session ended, idled out or was revoked. The server has cleared the cookie.
  const token = response.ok ? readAccessToken(await response.json().catch(() => null)) : null;
  if (token === null) {
    if (response.status >= 500) throw new Error(`Token refresh failed with ${response.status}`);
    accessToken = null;
    return false;
  }
  accessToken = token;
  noteServerContact();
  return true;
}

/**
 * Gets a new access token through the refresh cookie; false when there is no live session. One refresh
 * at a time: within the tab through singleFlight, across tabs through a Web Lock, because the refresh
 * token rotates and presenting a used one ends the sign-in for every tab.
 */
export const refreshSession: () => Promise<boolean> = singleFlight(async () =>
  typeof navigator !== 'undefined' && 'locks' in navigator
    ? await navigator.locks.request(REFRESH_LOCK, () => refreshOnce())
    : refreshOnce(),
);

/** Keeps where the user wanted to go, for after the next sign-in. */
export function rememberReturnTo(returnTo: string): void {
  writePendingSignIn(browserSessionStorage(), { returnTo });
}

let redirecting: Promise<never> | undefined;

if (typeof window !== 'undefined') {
  // Back from the hosted login can restore this page from the back-forward cache, redirect and all;
  // a restored page must be able to start the sign-in again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) redirecting = undefined;
  });
}

/**
 * Starts the PKCE redirect to the hosted login (spec section 4). The verifier, state and return address
 * stay in sessionStorage for the return page. The promise never settles: the page is being left.
 */
export function startSignIn(options: { returnTo?: string; sessionExpired?: boolean } = {}): Promise<never> {
  // A second caller (React's development double effects, two 401s) joins the redirect under way.
  redirecting ??= (async () => {
    const storage = browserSessionStorage();
    const verifier = randomUrlSafeString(32);
    const state = randomUrlSafeString(16);
    const codeChallenge = await codeChallengeS256(verifier);
    const returnTo = options.returnTo ?? readPendingSignIn(storage)?.returnTo ?? paths.home.getHref();
    writePendingSignIn(storage, { returnTo, verifier, state });
    window.location.assign(
      authorizeUrl({
        authorizationEndpoint: AUTHORIZATION_ENDPOINT,
        clientId: CLIENT_ID,
        redirectUri: redirectUri(),
        scope: SCOPE,
        codeChallenge,
        state,
        sessionExpired: options.sessionExpired ?? false,
      }),
    );
    return new Promise<never>(() => undefined);
  })().catch((error: unknown) => {
    redirecting = undefined;
    throw error;
  });
  return redirecting;
}

const completions = new Map<string, Promise<{ returnTo: string }>>();

async function exchangeCode(code: string, state: string | null): Promise<{ returnTo: string }> {
  const storage = browserSessionStorage();
  const pending = readPendingSignIn(storage);
  // A state we did not send means this tab did not start the sign-in: a forged or stale link.
  if (pending?.verifier === undefined || pending.state === undefined || pending.state !== state) {
    throw new SignInError('state');
  }
  const response = await requestToken({
    grant_type: 'authorization_code',
    code,
    code_verifier: pending.verifier,
    redirect_uri: redirectUri(),
  });
  const token = response.ok ? readAccessToken(await response.json().catch(() => null)) : null;
  if (token === null) throw new SignInError('exchange');
  accessToken = token;
  clearPendingSignIn(storage);
  const now = Date.now();
  recordActivity(now);
  noteServerContact(now);
  return { returnTo: pending.returnTo };
}

/**
 * Exchanges the code the hosted login returned for an access token (the refresh token arrives as a
 * cookie). Once per code: a code is single-use, and the provider revokes everything issued from one
 * presented twice, so a repeated call gets the first call's result.
 */
export function completeSignIn(code: string, state: string | null): Promise<{ returnTo: string }> {
  let completion = completions.get(code);
  if (completion === undefined) {
    completion = exchangeCode(code, state);
    completions.set(code, completion);
  }
  return completion;
}

/** Expires the sign-in cookies that are readable from the page (spec section 4: sign-out clears them). */
function clearAuthCookies(): void {
  for (const name of AUTH_COOKIES) {
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`;
  }
}

/**
 * Forgets the sign-in on this device: the access token, the auth cookies the page can reach, the stored
 * return address and the activity times (spec section 4: sign-out). Clearing the last activity also
 * tells the other tabs that the user logged out.
 */
export function endLocalSession(): void {
  accessToken = null;
  clearAuthCookies();
  clearPendingSignIn(browserSessionStorage());
  const local = browserLocalStorage();
  clearTimestamp(local, LAST_ACTIVITY_KEY);
  clearTimestamp(local, LAST_SERVER_CONTACT_KEY);
}
