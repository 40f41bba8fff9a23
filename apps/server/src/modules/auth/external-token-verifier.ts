import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
import type { TokenVerifier } from './authenticate.ts';

type ExternalIdentity = NonNullable<Config['externalIdentity']>;

/**
 * Access tokens of an external OpenID provider (OIDC_ISSUER): checked against the keys its discovery
 * document names, for our audience. The person is the user whose `external_subject` is the token's `sub`.
 * A sign-in session is told apart by the provider's `sid` or the time of sign-in (`auth_time`), so signing
 * out here (or going idle) refuses that sign-in's tokens while a fresh sign-in works.
 */
export function externalTokenVerifier(db: Database, identity: ExternalIdentity): TokenVerifier {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const loadKeys = async () => {
    const response = await fetch(`${identity.issuer}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`the sign-in provider's discovery answered ${response.status}`);
    const discovery = (await response.json()) as { jwks_uri?: string };
    if (!discovery.jwks_uri) throw new Error("the sign-in provider's discovery names no jwks_uri");
    return createRemoteJWKSet(new URL(discovery.jwks_uri));
  };
  return {
    startsSessions: true,
    async verify(token) {
      // A failed discovery is retried on the next request rather than remembered.
      keys ??= loadKeys().catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
      const claims = await jwtVerify(token, await keys, {
        issuer: [identity.issuer, `${identity.issuer}/`],
        audience: identity.audience,
      }).then(
        (result) => result.payload,
        () => undefined,
      );
      if (typeof claims?.sub !== 'string' || typeof claims.exp !== 'number') return undefined;
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.external_subject, claims.sub));
      if (!user) return undefined;
      // Without sid or auth_time (configure the provider to send one) each token stands on its own.
      const signIn =
        typeof claims.sid === 'string'
          ? claims.sid
          : typeof claims.auth_time === 'number'
            ? `at:${claims.auth_time}`
            : `token:${claims.jti ?? String(claims.iat)}`;
      return {
        userId: user.id,
        sessionKey: `external:${claims.sub}:${signIn}`,
        expiresAt: claims.exp * 1000,
      };
    },
  };
}
