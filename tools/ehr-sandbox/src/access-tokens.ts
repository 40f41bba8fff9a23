import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';

/** The signed-in practitioner's id (the token's `sub`) when the token is good, else null. */
export type AccessTokenVerifier = (authorization: string | undefined) => Promise<string | null>;

/**
 * Whose access token an Authorization header carries, when this sandbox's authorization server issued it for
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
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        typ: 'at+jwt',
      });
      return payload.sub ?? null;
    } catch {
      return null;
    }
  };
}
