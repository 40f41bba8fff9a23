import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSmartResourceScope } from '@referrals/domain/fhir/smart-scopes';
import { ApiError, notAuthenticated } from '../../http/api-errors.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { checkSession, startSession } from './auth-sessions.ts';
import type { CallerAccount } from '../tenancy/caller.ts';
import { findActiveBackendClient } from './backend-clients.ts';
import { revokeSignIn } from './revoke-sign-in.ts';

/**
 * The signed-in user, their sign-in, and their user row's part the caller's access needs. `smartScopes` are
 * the SMART scopes their token carries (user/ServiceRequest.rs, ...), which limit it on the FHIR API; null
 * for a token without any, the product's own, which may do everything its person may.
 */
export type SignedInUser = {
  id: string;
  grantId: string;
  account: CallerAccount;
  smartScopes: readonly string[] | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` preHandler on routes that need a signed-in user. */
    user?: SignedInUser;
  }
}

/**
 * Who a valid access token speaks for: a person, with the sign-in session it belongs to, or a backend
 * service (the client credentials grant: SMART Backend Services); when it expires (epoch ms), and the
 * scopes it carries.
 */
export type VerifiedToken =
  | { userId: string; sessionKey: string; expiresAt: number; scopes?: readonly string[] }
  | { clientId: string; expiresAt: number; scopes: readonly string[] };

/**
 * Checks an access token's signature, issuer and audience. The built-in provider's sessions begin at the
 * code exchange; an external provider's are first seen here, so `startsSessions` lets this check open them.
 */
export type TokenVerifier = {
  verify(token: string): Promise<VerifiedToken | undefined>;
  startsSessions: boolean;
};

export const invalidToken = () => new ApiError(401, { detail: 'Given token not valid for any token type.' });
const sessionEnded = () => new ApiError(401, { detail: 'Your session has ended. Please sign in again.' });
const fhirOnlyToken = () =>
  new ApiError(403, {
    detail: 'This access token carries SMART scopes: it is for the FHIR API (/fhir) only.',
  });

/**
 * The preHandler for every signed-in route: a valid access token, and a session that has neither ended nor
 * gone idle longer than the user's session expiry. Anything else is a 401.
 *
 * With `smart` (the FHIR API and userinfo) it also takes what SMART clients hold: a person's token that
 * carries SMART scopes, and a backend service's token, whose client must still be registered and not
 * revoked (the caller is then `request.system`). Elsewhere, /api, a backend service's token is no token
 * (401) and a SMART-scoped one a 403: the product's API does not read scopes, so a token a client asked to
 * be narrow must not reach it.
 */
export function createAuthenticate(
  database: DatabaseHandle,
  verifier: TokenVerifier,
  options: { smart?: boolean } = {},
) {
  const db = database.db;
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw notAuthenticated();
    const token = await verifier.verify(header.slice('Bearer '.length).trim());
    if (!token) throw invalidToken();
    if ('clientId' in token) {
      const client = options.smart ? await findActiveBackendClient(db, token.clientId) : undefined;
      if (!client) throw invalidToken();
      request.system = {
        kind: 'system',
        clientId: client.client_id,
        establishmentId: client.establishment_id,
        scopes: token.scopes,
      };
      return;
    }
    let session = await checkSession(database, token.sessionKey);
    if (!session.ok && session.reason === 'unknown' && verifier.startsSessions) {
      await startSession(db, token.sessionKey, token.userId, request.ip);
      session = await checkSession(database, token.sessionKey);
    }
    if (!session.ok) {
      if (session.reason === 'inactive') await revokeSignIn(db, token.sessionKey);
      throw session.reason === 'unknown' ? invalidToken() : sessionEnded();
    }
    const smartScopes = (token.scopes ?? []).filter(isSmartResourceScope);
    if (smartScopes.length > 0 && !options.smart) throw fhirOnlyToken();
    request.user = {
      id: token.userId,
      grantId: token.sessionKey,
      account: session.account,
      smartScopes: smartScopes.length > 0 ? smartScopes : null,
    };
  };
}
