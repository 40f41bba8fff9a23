import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';

export type AccessTokenVerifier = (authorization: string | undefined) => Promise<boolean>;

/**
 * Whether an Authorization header carries an access token this sandbox's authorization server issued for
 * its FHIR server: signature, issuer, audience and expiry all checked, as a real resource server would.
 */
export function createAccessTokenVerifier(options: {
  issuer: string;
  audience: string;
  publicKey: JWK;
}): AccessTokenVerifier {
  const keys = createLocalJWKSet({ keys: [options.publicKey] });
  return async (authorization) => {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return false;
    try {
      await jwtVerify(token, keys, { issuer: options.issuer, audience: options.audience, typ: 'at+jwt' });
      return true;
    } catch {
      return false;
    }
  };
}
