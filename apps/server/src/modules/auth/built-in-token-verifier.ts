import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { TokenVerifier } from './authenticate.ts';
import type { IdentityUrls } from './oidc-provider.ts';

/** Access tokens of the built-in provider: ES256, checked against its own key; the session is the grant. */
export function builtInTokenVerifier(urls: IdentityUrls, signingKey: JWK): TokenVerifier {
  const { d: _private, ...publicKey } = signingKey;
  const keys = createLocalJWKSet({ keys: [publicKey] });
  return {
    startsSessions: false,
    async verify(token) {
      const claims = await jwtVerify(token, keys, {
        issuer: urls.issuer,
        audience: urls.audience,
        algorithms: ['ES256'],
      }).then(
        (result) => result.payload,
        () => undefined,
      );
      if (typeof claims?.gid !== 'string' || typeof claims.sub !== 'string') return undefined;
      if (typeof claims.exp !== 'number') return undefined;
      return { userId: claims.sub, sessionKey: claims.gid, expiresAt: claims.exp * 1000 };
    },
  };
}
