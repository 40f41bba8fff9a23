/** The pieces of an OAuth authorization-code sign-in with PKCE (RFC 7636), as plain functions. */

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random base64url string from `byteLength` random bytes (32 bytes give the 43-character verifier). */
export function randomUrlSafeString(byteLength = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/**
 * The S256 code challenge of a verifier: base64url of its SHA-256. crypto.subtle exists only in secure
 * contexts (https, or http on localhost), which is where the hosted login accepts sign-ins anyway.
 */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export type AuthorizeRequest = {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string;
  state: string;
  /** The user was logged out for inactivity; the login page then says so (spec section 4). */
  sessionExpired: boolean;
  /** The API the access token is for; external providers only (Auth0 issues an API token only for one). */
  audience?: string | undefined;
  /**
   * Email-and-password-only mode, forced by the single-sign-on account linking flow (spec section 4): the
   * database connection to use (Auth0's name; an external provider then skips its organisation sign-in),
   * the address to fill in, and the link code the sign-in confirms.
   */
  passwordOnly?: { connection: string; loginHint: string; ssoLink?: string | undefined } | undefined;
  /**
   * The single-use ticket of a launch from a clinical record: the record system has signed the person in,
   * so the hosted login takes the ticket for the password (docs/clinical-record.md).
   */
  recordLaunch?: string | undefined;
};

/** The hosted login address for a sign-in. prompt=login: a sign-in always asks for the password. */
export function authorizeUrl(request: AuthorizeRequest): string {
  const query = new URLSearchParams({
    client_id: request.clientId,
    response_type: 'code',
    redirect_uri: request.redirectUri,
    scope: request.scope,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    state: request.state,
    prompt: 'login',
  });
  if (request.audience !== undefined) query.set('audience', request.audience);
  if (request.sessionExpired) query.set('session_expired', 'true');
  if (request.passwordOnly !== undefined) {
    query.set('connection', request.passwordOnly.connection);
    query.set('login_hint', request.passwordOnly.loginHint);
    if (request.passwordOnly.ssoLink !== undefined) query.set('sso_link', request.passwordOnly.ssoLink);
  }
  if (request.recordLaunch !== undefined) query.set('record_launch', request.recordLaunch);
  return `${request.authorizationEndpoint}?${query.toString()}`;
}
