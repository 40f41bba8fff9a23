import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { builtInTokenVerifier } from './built-in-token-verifier.ts';
import { rememberVerifiedTokens } from './verified-token-cache.ts';

const urls = {
  issuer: 'http://referrals.test/auth',
  audience: 'http://referrals.test/api',
  redirectUri: 'http://referrals.test/authorize',
};

async function tokenKit() {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = await exportJWK(privateKey);
  const sign = (expiresInSeconds: number, audience = urls.audience) =>
    new SignJWT({ gid: 'grant-1' })
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject('user-1')
      .setIssuer(urls.issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(privateKey);
  return { signingKey, sign };
}

describe('remembered token verdicts', () => {
  it('accepts a valid token again without changing what it speaks for', async () => {
    const { signingKey, sign } = await tokenKit();
    const verifier = rememberVerifiedTokens(builtInTokenVerifier(urls, signingKey));
    const token = await sign(300);
    const first = await verifier.verify(token);
    expect(first).toMatchObject({ userId: 'user-1', sessionKey: 'grant-1' });
    expect(await verifier.verify(token)).toEqual(first);
  });

  it('refuses a token once it has expired, though it was accepted before', async () => {
    const { signingKey, sign } = await tokenKit();
    let now = Date.now();
    const verifier = rememberVerifiedTokens(builtInTokenVerifier(urls, signingKey), () => now);
    const token = await sign(1);
    expect(await verifier.verify(token)).toBeDefined();
    // The token's own clock check (jose) must see it expired too: wait past its exp.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    now = Date.now();
    expect(await verifier.verify(token)).toBeUndefined();
  });

  it('never remembers a refusal: a token for another audience stays refused', async () => {
    const { signingKey, sign } = await tokenKit();
    const verifier = rememberVerifiedTokens(builtInTokenVerifier(urls, signingKey));
    const foreign = await sign(300, 'http://elsewhere.test/api');
    expect(await verifier.verify(foreign)).toBeUndefined();
    expect(await verifier.verify(foreign)).toBeUndefined();
    expect(await verifier.verify(`${await sign(300)}x`)).toBeUndefined();
  });
});
