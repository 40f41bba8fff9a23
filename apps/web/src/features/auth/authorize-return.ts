/** What the sign-in return page does with the query the hosted login sent it back with (spec section 2). */
export type AuthorizeReturn =
  | { kind: 'code'; code: string; state: string | null }
  | { kind: 'access-token'; accessToken: string }
  | { kind: 'error'; error: string }
  | { kind: 'not-found'; unauthorizedGroup: boolean };

// Identity providers word this differently ("unauthorized group", "user not in authorised group").
const UNAUTHORIZED_GROUP = /unauthori[sz]ed[\s_-]*group|not\s+in\s+(an?\s+)?authori[sz]ed\s+group/i;

/**
 * With a code it proceeds; in development (a dev build, never a production one) an `access_token` proceeds
 * too, taken as the session's token, so a developer can open the app with a token from another tool; a
 * refusal naming an unauthorised group goes to /404 with that flagged; any other error is shown with a way
 * to try again; anything else (no code, or a token in production) goes to /404.
 */
export function readAuthorizeReturn(
  query: URLSearchParams,
  options: { development: boolean },
): AuthorizeReturn {
  const code = query.get('code');
  if (code !== null && code !== '') return { kind: 'code', code, state: query.get('state') };
  const accessToken = query.get('access_token');
  if (options.development && accessToken !== null && accessToken !== '') {
    return { kind: 'access-token', accessToken };
  }
  const description = query.get('error_description') ?? '';
  if (UNAUTHORIZED_GROUP.test(description)) return { kind: 'not-found', unauthorizedGroup: true };
  const error = query.get('error');
  if (error !== null && error !== '') return { kind: 'error', error };
  return { kind: 'not-found', unauthorizedGroup: false };
}

/** A friendly sentence for an OAuth error code (RFC 6749 section 4.1.2.1, OpenID Connect errors). */
export function signInErrorMessage(error: string): string {
  switch (error) {
    case 'access_denied':
      return 'The sign-in was cancelled or refused.';
    case 'login_required':
    case 'interaction_required':
      return 'You need to sign in again to continue.';
    case 'temporarily_unavailable':
    case 'server_error':
      return 'The sign-in service is busy or unavailable at the moment.';
    default:
      return 'Something went wrong while signing you in.';
  }
}
