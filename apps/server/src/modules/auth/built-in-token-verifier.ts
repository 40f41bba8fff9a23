import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { TokenVerifier } from './authenticate.ts';
import type { IdentityUrls } from './oidc-provider.ts';

/**
 * Access tokens of the built-in provider: ES256, checked against its own key. A person's session is the
 * grant (`gid`); a backend service's token (the client credentials grant) has no grant and names the client
 * as its subject (RFC 9068 section 2.2), which a person's never does.
 */
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
      if (typeof claims?.sub !== 'string' || typeof claims.exp !== 'number') return undefined;
      const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
      if (typeof claims.gid === 'string') {
        return { userId: claims.sub, sessionKey: claims.gid, expiresAt: claims.exp * 1000, scopes };
      }
      if (claims.client_id === claims.sub) {
        return { clientId: claims.sub, expiresAt: claims.exp * 1000, scopes };
      }
      return undefined;
    },
  };
}
