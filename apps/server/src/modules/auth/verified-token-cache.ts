import type { TokenVerifier, VerifiedToken } from './authenticate.ts';

const MAX_REMEMBERED = 1_000;

/**
 * Remembers what a token verified to until the token expires, so a signed-in client's every call does not
 * check the same signature again (an ES256 verification costs about as much CPU as the rest of a small
 * request). Only successes are remembered, and only the signature's verdict: whether the sign-in session
 * may still be used is checked on every call (authenticate.ts). For the built-in provider's tokens, whose
 * verdict is the signature alone; an external provider's also looks its user up, which may change.
 */
export function rememberVerifiedTokens(verifier: TokenVerifier, now = () => Date.now()): TokenVerifier {
  const remembered = new Map<string, VerifiedToken>();
  return {
    startsSessions: verifier.startsSessions,
    async verify(token) {
      const known = remembered.get(token);
      if (known && known.expiresAt > now()) return known;
      remembered.delete(token);
      const verified = await verifier.verify(token);
      if (!verified) return undefined;
      // A Map keeps insertion order: the oldest entry goes first when the map is full.
      if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value ?? '');
      remembered.set(token, verified);
      return verified;
    },
  };
}
