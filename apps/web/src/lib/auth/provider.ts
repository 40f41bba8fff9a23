import { SIGNED_IN_COOKIE, type RuntimeAuthConfig } from '@referrals/domain/runtime-config';

/**
 * The provider-dependent parts of the sign-in as plain functions: reading the provider's discovery
 * document, and the token requests, which differ by mode. The built-in provider (under /auth) keeps the
 * refresh token in the server's HttpOnly cookie; an external one (OIDC_ISSUER: Auth0, Keycloak, Entra)
 * hands it to the page in the JSON answer, so the page has to send it back itself.
 */

/** Scopes the web app asks for (spec section 7, Hosted login). */
export const SCOPE = 'openid profile email offline_access';

/** The provider's endpoints this app uses, from its discovery document. */
export type ProviderEndpoints = {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** RP-initiated logout; null when the provider advertises none. */
  endSessionEndpoint: string | null;
};

/** The OpenID Connect discovery address of an issuer (trailing slashes as Auth0 writes them are fine). */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

function endpoint(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  if (typeof value !== 'string' || value === '') return null;
  // A discovery document gives absolute https addresses (http for a development provider); anything else,
  // such as a javascript: address, must never reach window.location.
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

/** The endpoints of a discovery document; throws when the sign-in endpoints are missing or not http(s). */
export function parseDiscovery(body: unknown): ProviderEndpoints {
  const document = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const authorizationEndpoint = endpoint(document, 'authorization_endpoint');
  const tokenEndpoint = endpoint(document, 'token_endpoint');
  if (authorizationEndpoint === null || tokenEndpoint === null) {
    throw new Error('The sign-in provider advertises no usable authorization and token endpoints');
  }
  return {
    authorizationEndpoint,
    tokenEndpoint,
    endSessionEndpoint: endpoint(document, 'end_session_endpoint'),
  };
}

/**
 * The form of the authorization-code exchange. External providers get the audience and scope too
 * (spec section 7, Hosted login; Auth0 issues an API token only for a named audience). The built-in
 * provider's request stays as it always was: its resource indicator defaults to the API.
 */
export function codeExchangeForm(
  auth: RuntimeAuthConfig,
  exchange: { code: string; codeVerifier: string; redirectUri: string },
): Record<string, string> {
  return {
    client_id: auth.client_id,
    grant_type: 'authorization_code',
    code: exchange.code,
    code_verifier: exchange.codeVerifier,
    redirect_uri: exchange.redirectUri,
    ...(auth.external ? { audience: auth.audience, scope: SCOPE } : {}),
  };
}

/** Whether the built-in server's signed-in cookie is among the page's cookies (`document.cookie`). */
export function hasSignedInCookie(cookies: string): boolean {
  return cookies.split(';').some((cookie) => cookie.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

/**
 * The form of a refresh, or null when there is nothing to refresh with. The built-in server reads the
 * refresh token from its HttpOnly cookie, so the form carries none; the page cannot see that cookie, but
 * the server sets a readable one beside it, and without it a refresh could only fail. An external
 * provider needs the token the page kept, and without one there is no session to refresh.
 */
export function refreshForm(
  auth: RuntimeAuthConfig,
  kept: { refreshToken: string | null; signedInCookie: boolean },
): Record<string, string> | null {
  const { refreshToken } = kept;
  if (!auth.external) {
    return kept.signedInCookie ? { client_id: auth.client_id, grant_type: 'refresh_token' } : null;
  }
  if (refreshToken === null || refreshToken === '') return null;
  return { client_id: auth.client_id, grant_type: 'refresh_token', refresh_token: refreshToken };
}

/**
 * Cookies go to the built-in token endpoint only: it is same-origin and the refresh cookie is the point.
 * An external provider's token endpoint is cross-origin and answers SPA clients without credentials.
 */
export function tokenRequestCredentials(auth: RuntimeAuthConfig): RequestCredentials {
  return auth.external ? 'omit' : 'same-origin';
}

/**
 * Where the browser goes after logging out: the external provider's end-session endpoint, so its own
 * sign-in ends too, returning to this site's /login; null to go straight to /login. The built-in
 * provider needs no visit: the server ended its session when the web app called logout.
 */
export function endSessionUrl(
  auth: RuntimeAuthConfig,
  endpoints: ProviderEndpoints,
  postLogoutRedirectUri: string,
): string | null {
  if (!auth.external || endpoints.endSessionEndpoint === null) return null;
  const url = new URL(endpoints.endSessionEndpoint);
  url.searchParams.set('client_id', auth.client_id);
  url.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri);
  return url.toString();
}

/** The access and (external providers only) refresh token of a token endpoint answer. */
export function readTokenAnswer(body: unknown): { accessToken: string; refreshToken: string | null } | null {
  const answer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const accessToken = answer.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') return null;
  const refreshToken = answer.refresh_token;
  return {
    accessToken,
    refreshToken: typeof refreshToken === 'string' && refreshToken !== '' ? refreshToken : null,
  };
}
