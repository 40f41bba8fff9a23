import { SIGNED_IN_COOKIE, type RuntimeAuthConfig } from '@referrals/domain/runtime-config';
import { paths } from '@/lib/paths';
import { browserLocalStorage, browserSessionStorage } from '@/lib/browser-storage';
import { getRuntimeConfig } from '@/lib/runtime-config';
import {
  LAST_ACTIVITY_KEY,
  LAST_SERVER_CONTACT_KEY,
  clearPendingSignIn,
  clearRefreshToken,
  clearTimestamp,
  readPendingSignIn,
  readRefreshToken,
  writePendingSignIn,
  writeRefreshToken,
  writeTimestamp,
} from './auth-storage';
import { authorizeUrl, codeChallengeS256, randomUrlSafeString, type AuthorizeRequest } from './pkce';
import {
  SCOPE,
  codeExchangeForm,
  discoveryUrl,
  endSessionUrl,
  hasSignedInCookie,
  parseDiscovery,
  readTokenAnswer,
  refreshForm,
  tokenRequestCredentials,
  type ProviderEndpoints,
} from './provider';
import { singleFlight } from './single-flight';

/**
 * The browser side of the hosted login (spec section 4, Session and sign-in): the PKCE redirect, the
 * code exchange and refreshes, against the provider the runtime configuration names. The access token
 * lives in this module's memory only, so no script can lift it from storage and a closed tab forgets it.
 *
 * The built-in provider (under /auth) keeps the refresh token in an HttpOnly cookie its token endpoint
 * sets, out of reach of any script. An external provider (OIDC_ISSUER) cannot set a cookie on our site:
 * its token endpoint is another origin and answers with the refresh token in the JSON. That token is kept
 * in sessionStorage, the trade-off being that a script injected into the page could read it, where the
 * cookie is out of its reach; in exchange a reload keeps the sign-in, and closing the tab still forgets it
 * (a new tab signs in again). The provider's refresh token rotation, which the README asks for, limits a
 * stolen one to a single use before the provider revokes the sign-in.
 */

const REFRESH_LOCK = 'referrals.token-refresh';

/** Cookies of the sign-in the page could clear itself; the refresh cookie is HttpOnly, cleared by the server. */
const AUTH_COOKIES = ['referrals_refresh', SIGNED_IN_COOKIE];

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

function authConfig(): RuntimeAuthConfig {
  return getRuntimeConfig().auth;
}

let discovery: Promise<ProviderEndpoints> | undefined;

/**
 * The provider's endpoints from its discovery document, fetched once for the page's life. The built-in
 * provider advertises /auth/authorize and /auth/oauth/token, the latter being the server's own token
 * route that keeps the refresh token in the HttpOnly cookie. A failed fetch is forgotten, so the next
 * sign-in attempt tries again.
 */
function providerEndpoints(): Promise<ProviderEndpoints> {
  discovery ??= (async () => {
    const response = await fetch(discoveryUrl(authConfig().issuer), {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`The sign-in provider's discovery failed with ${response.status}`);
    return parseDiscovery(await response.json());
  })().catch((error: unknown) => {
    discovery = undefined;
    throw error;
  });
  return discovery;
}

async function requestToken(auth: RuntimeAuthConfig, form: Record<string, string>): Promise<Response> {
  const { tokenEndpoint } = await providerEndpoints();
  return fetch(tokenEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams(form),
    credentials: tokenRequestCredentials(auth),
  });
}

/** Keeps an external provider's refresh token (see the top of this module); the built-in one is a cookie. */
function keepRefreshToken(auth: RuntimeAuthConfig, token: string | null): void {
  if (auth.external && token !== null) writeRefreshToken(browserSessionStorage(), token);
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
  const auth = authConfig();
  // Read inside the single flight and the lock: the previous refresh may just have rotated the token.
  const form = refreshForm(auth, {
    refreshToken: readRefreshToken(browserSessionStorage()),
    signedInCookie: hasSignedInCookie(document.cookie),
  });
  if (form === null) {
    accessToken = null;
    return false;
  }
  const response = await requestToken(auth, form);
  // 400 invalid_grant: the session ended, idled out or was revoked. The built-in server has cleared the
  // cookie; an external provider's token is dropped here (spec section 7: on failure it is removed).
  const answer = response.ok ? readTokenAnswer(await response.json().catch(() => null)) : null;
  if (answer === null) {
    if (response.status >= 500) throw new Error(`Token refresh failed with ${response.status}`);
    accessToken = null;
    clearRefreshToken(browserSessionStorage());
    return false;
  }
  accessToken = answer.accessToken;
  keepRefreshToken(auth, answer.refreshToken);
  noteServerContact();
  return true;
}

/**
 * Gets a new access token through the refresh cookie (or an external provider's kept refresh token);
 * false when there is no live session. One refresh at a time: within the tab through singleFlight, across
 * tabs through a Web Lock, because the refresh token rotates and presenting a used one ends the sign-in
 * for every tab.
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
let signingOut = false;

if (typeof window !== 'undefined') {
  // Back from the hosted login can restore this page from the back-forward cache, redirect and all;
  // a restored page must be able to start the sign-in again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) {
      redirecting = undefined;
      signingOut = false;
    }
  });
}

/**
 * The app is logging out and goes on by itself: to the login (with the session-expired hint after
 * inactivity) or to the provider's logout page. API calls still under way then find their session ended
 * and must not start a sign-in of their own, which would reach the login first, without the hint.
 */
export function beginSignOut(): void {
  signingOut = true;
}

export function isSigningOut(): boolean {
  return signingOut;
}

/**
 * Starts the PKCE redirect to the hosted login (spec section 4). The verifier, state and return address
 * stay in sessionStorage for the return page. The promise never settles: the page is being left.
 */
export function startSignIn(
  options: {
    returnTo?: string;
    sessionExpired?: boolean;
    passwordOnly?: AuthorizeRequest['passwordOnly'];
    recordLaunch?: string;
  } = {},
): Promise<never> {
  // A second caller (React's development double effects, two 401s) joins the redirect under way.
  redirecting ??= (async () => {
    const auth = authConfig();
    const { authorizationEndpoint } = await providerEndpoints();
    const storage = browserSessionStorage();
    const verifier = randomUrlSafeString(32);
    const state = randomUrlSafeString(16);
    const codeChallenge = await codeChallengeS256(verifier);
    const returnTo = options.returnTo ?? readPendingSignIn(storage)?.returnTo ?? paths.home.getHref();
    writePendingSignIn(storage, { returnTo, verifier, state });
    window.location.assign(
      authorizeUrl({
        authorizationEndpoint,
        clientId: auth.client_id,
        redirectUri: redirectUri(),
        scope: SCOPE,
        codeChallenge,
        state,
        sessionExpired: options.sessionExpired ?? false,
        audience: auth.external ? auth.audience : undefined,
        passwordOnly: options.passwordOnly,
        // Only the built-in sign-in knows a launch's ticket; an external one asks for its own sign-in.
        recordLaunch: auth.external ? undefined : options.recordLaunch,
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
  const auth = authConfig();
  const response = await requestToken(
    auth,
    codeExchangeForm(auth, { code, codeVerifier: pending.verifier, redirectUri: redirectUri() }),
  );
  const answer = response.ok ? readTokenAnswer(await response.json().catch(() => null)) : null;
  if (answer === null) throw new SignInError('exchange');
  accessToken = answer.accessToken;
  keepRefreshToken(auth, answer.refreshToken);
  clearPendingSignIn(storage);
  const now = Date.now();
  recordActivity(now);
  noteServerContact(now);
  return { returnTo: pending.returnTo };
}

/**
 * Exchanges the code the hosted login returned for an access token (the built-in provider's refresh
 * token arrives as a cookie, an external one's in the answer). Once per code: a code is single-use, and
 * the provider revokes everything issued from one presented twice, so a repeated call gets the first
 * call's result.
 */
export function completeSignIn(code: string, state: string | null): Promise<{ returnTo: string }> {
  let completion = completions.get(code);
  if (completion === undefined) {
    completion = exchangeCode(code, state);
    completions.set(code, completion);
  }
  return completion;
}

/**
 * Development only (spec section 2: "In development with an access token it proceeds"): takes an access
 * token handed to /authorize as this tab's session, e.g. one a developer got from the provider with another
 * tool. There is no refresh token, so the session lasts as long as the token. Production builds never call
 * this: the return page drops the branch, and a token in the address goes to /404 there.
 */
export function adoptDevelopmentAccessToken(token: string): { returnTo: string } {
  accessToken = token;
  const storage = browserSessionStorage();
  const returnTo = readPendingSignIn(storage)?.returnTo ?? paths.home.getHref();
  clearPendingSignIn(storage);
  const now = Date.now();
  recordActivity(now);
  noteServerContact(now);
  return { returnTo };
}

/** Expires the sign-in cookies that are readable from the page (spec section 4: sign-out clears them). */
function clearAuthCookies(): void {
  for (const name of AUTH_COOKIES) {
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`;
  }
}

/**
 * Forgets the sign-in on this device: the access token, an external provider's refresh token, the auth
 * cookies the page can reach, the stored return address and the activity times (spec section 4:
 * sign-out). Clearing the last activity also tells the other tabs that the user logged out.
 */
export function endLocalSession(): void {
  accessToken = null;
  clearAuthCookies();
  clearRefreshToken(browserSessionStorage());
  clearPendingSignIn(browserSessionStorage());
  const local = browserLocalStorage();
  clearTimestamp(local, LAST_ACTIVITY_KEY);
  clearTimestamp(local, LAST_SERVER_CONTACT_KEY);
}

/**
 * Where to send the browser once logged out, when it is not /login: an external provider's end-session
 * endpoint, so that its own sign-in ends too and it returns to /login. Null for the built-in provider,
 * whose session the server ended at logout, or when discovery cannot be had (logging out must not fail).
 */
export async function providerLogoutUrl(): Promise<string | null> {
  const auth = authConfig();
  if (!auth.external) return null;
  try {
    return endSessionUrl(
      auth,
      await providerEndpoints(),
      `${window.location.origin}${paths.auth.login.getHref()}`,
    );
  } catch {
    return null;
  }
}
