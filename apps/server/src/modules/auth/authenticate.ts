import type { FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { ApiError, notAuthenticated } from '../../http/api-errors.ts';
import type { Database } from '../../db/database.ts';
import { checkSession } from './auth-sessions.ts';
import type { IdentityUrls } from './oidc-provider.ts';
import { revokeSignIn } from './revoke-sign-in.ts';

export type SignedInUser = { id: string; grantId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` preHandler on routes that need a signed-in user. */
    user?: SignedInUser;
  }
}

const invalidToken = () => new ApiError(401, { detail: 'Given token not valid for any token type.' });
const sessionEnded = () => new ApiError(401, { detail: 'Your session has ended. Please sign in again.' });

/**
 * The preHandler for every signed-in route: a valid access token signed by our provider for this API, and
 * a session that has neither ended nor gone idle. Anything else is a 401.
 */
export function createAuthenticate(db: Database, urls: IdentityUrls, signingKey: JWK) {
  const { d: _private, ...publicKey } = signingKey;
  const keys = createLocalJWKSet({ keys: [publicKey] });
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw notAuthenticated();
    const claims = await jwtVerify(header.slice('Bearer '.length).trim(), keys, {
      issuer: urls.issuer,
      audience: urls.audience,
      algorithms: ['ES256'],
    }).then(
      (result) => result.payload,
      () => {
        throw invalidToken();
      },
    );
    if (typeof claims.gid !== 'string' || typeof claims.sub !== 'string') throw invalidToken();
    const session = await checkSession(db, claims.gid);
    if (!session.ok) {
      if (session.reason === 'inactive') await revokeSignIn(db, claims.gid);
      throw session.reason === 'unknown' ? invalidToken() : sessionEnded();
    }
    request.user = { id: claims.sub, grantId: claims.gid };
  };
}
