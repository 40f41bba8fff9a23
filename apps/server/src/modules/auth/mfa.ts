import { Secret, TOTP } from 'otpauth';

/** A new random TOTP secret, base32 as authenticator apps expect. */
export function newMfaSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, email: string): TOTP {
  return new TOTP({ issuer: 'Referrals', label: email, algorithm: 'SHA1', digits: 6, period: 30, secret });
}

/** The otpauth:// address an authenticator app scans from a QR code. */
export function mfaEnrolmentUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** Whether a 6-digit code is right now, allowing one 30-second step of clock drift either way. */
export function isValidMfaCode(secret: string, email: string, code: string): boolean {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  return totpFor(secret, email).validate({ token, window: 1 }) !== null;
}

/** The current code, for tests that act as the user's authenticator app. */
export function currentMfaCode(secret: string, email: string): string {
  return totpFor(secret, email).generate();
}
