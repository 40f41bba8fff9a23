import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { users } from '../../db/schema/people.ts';
import { ApiError } from '../../http/api-errors.ts';
import { invalidToken } from './authenticate.ts';
import { SCOPE_CLAIMS, accountClaims } from './oidc-provider.ts';

/**
 * The userinfo endpoint (OIDC Core 5.3) for the access tokens the provider issues. They are made for the
 * API, which the provider's own endpoint refuses, so this one accepts a person's tokens as the API does (the
 * token and its live session, `app.authenticateSmart`) and releases the claims of the token's scopes.
 */
export function registerUserinfoRoute(app: FastifyInstance): void {
  const db = app.database.db;
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/userinfo',
    schema: { hide: true },
    async handler(request, reply) {
      reply.header('cache-control', 'no-store');
      try {
        // A SMART client's token (a person's with SMART scopes) reads userinfo too; a backend service has
        // no person to describe.
        await app.authenticateSmart(request, reply);
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) {
          return refuse(reply, request.headers.authorization ? 'invalid_token' : undefined, error);
        }
        throw error;
      }
      if (request.system) return refuse(reply, 'invalid_token', invalidToken());
      // authenticate has verified the token; only its scope is read here.
      const token = String(request.headers.authorization).slice('Bearer '.length).trim();
      const { scope } = decodeJwt(token);
      const scopes = typeof scope === 'string' ? scope.split(' ') : [];
      if (!scopes.includes('openid')) {
        return reply
          .status(403)
          .header('www-authenticate', 'Bearer error="insufficient_scope", scope="openid"')
          .send({
            error: 'insufficient_scope',
            error_description: 'The access token lacks the openid scope.',
          });
      }
      const [user] = request.user ? await db.select().from(users).where(eq(users.id, request.user.id)) : [];
      // The session check has found the account; only its deletion since then lands here.
      if (!user) return refuse(reply, 'invalid_token', invalidToken());
      const claims = accountClaims(user);
      const released = scopes.flatMap((granted) =>
        granted in SCOPE_CLAIMS ? SCOPE_CLAIMS[granted as keyof typeof SCOPE_CLAIMS] : [],
      );
      return Object.fromEntries(released.map((name) => [name, claims[name]]));
    },
  });
}

/** RFC 6750 section 3: the challenge says why, and the body is the API's usual 401. */
function refuse(reply: FastifyReply, error: 'invalid_token' | undefined, cause: ApiError) {
  return reply
    .status(401)
    .header('www-authenticate', error ? `Bearer error="${error}"` : 'Bearer')
    .send(cause.body);
}
