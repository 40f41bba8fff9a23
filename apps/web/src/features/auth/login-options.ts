import { paths } from '@/lib/paths';

/** What Login's address asks of the sign-in it starts (spec section 4, Session and sign-in). */
export type LoginOptions = {
  sessionExpired: boolean;
  returnTo?: string;
  passwordOnly?: { connection: string; loginHint: string; ssoLink?: string };
};

/**
 * Reads Login's query: session_expired after inactivity; connection with login_hint (and sso_link) when the
 * single-sign-on account linking flow forces email-and-password-only mode, which then returns to account
 * linking to show the result.
 */
export function loginOptions(query: URLSearchParams): LoginOptions {
  const sessionExpired = query.get('session_expired') === 'true';
  const connection = query.get('connection');
  const loginHint = query.get('login_hint');
  if (connection === null || connection === '' || loginHint === null || loginHint === '') {
    return { sessionExpired };
  }
  const ssoLink = query.get('sso_link');
  return {
    sessionExpired,
    returnTo: paths.account.linking.getHref(),
    passwordOnly: { connection, loginHint, ...(ssoLink === null || ssoLink === '' ? {} : { ssoLink }) },
  };
}
