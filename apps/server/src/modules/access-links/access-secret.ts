import { randomBytes } from 'node:crypto';

/**
 * A secret that goes out once (a link's token, a session): 32 random bytes, as base64url. Only its sha256
 * is kept (hashToken): 256 random bits need no salt or slow hash, there is nothing to guess.
 */
export const newAccessSecret = () => randomBytes(32).toString('base64url');
