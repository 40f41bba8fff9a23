import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notAuthenticated } from '../../http/api-errors.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { checkSession, startSession } from './auth-sessions.ts';
import type { CallerAccount } from '../tenancy/caller.ts';
import { revokeSignIn } from './revoke-sign-in.ts';

/** The signed-in user, their sign-in, and their user row's part the caller's access needs. */
export type SignedInUser = { id: string; grantId: string; account: CallerAccount };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` preHandler on routes that need a signed-in user. */
    user?: SignedInUser;
  }
}

/** Who a valid access token speaks for, the sign-in session it belongs to, and when it expires (epoch ms). */
export type VerifiedToken = { userId: string; sessionKey: string; expiresAt: number };

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

/**
 * The preHandler for every signed-in route: a valid access token, and a session that has neither ended nor
 * gone idle longer than the user's session expiry. Anything else is a 401.
 */
export function createAuthenticate(database: DatabaseHandle, verifier: TokenVerifier) {
  const db = database.db;
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw notAuthenticated();
    const token = await verifier.verify(header.slice('Bearer '.length).trim());
    if (!token) throw invalidToken();
    let session = await checkSession(database, token.sessionKey);
    if (!session.ok && session.reason === 'unknown' && verifier.startsSessions) {
      await startSession(db, token.sessionKey, token.userId, request.ip);
      session = await checkSession(database, token.sessionKey);
    }
    if (!session.ok) {
      if (session.reason === 'inactive') await revokeSignIn(db, token.sessionKey);
      throw session.reason === 'unknown' ? invalidToken() : sessionEnded();
    }
    request.user = { id: token.userId, grantId: token.sessionKey, account: session.account };
  };
}
