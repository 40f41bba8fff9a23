import { describe, expect, it } from 'vitest';
import {
  VERIFICATION_CODE_PERIOD_SECONDS,
  VerificationCodeInputSchema,
  verificationCodeWindow,
} from './verification-code.ts';

describe('verification code window', () => {
  const issued = new Date('2026-11-26T01:00:00.000Z');
  const at = (ms: number) => new Date(issued.getTime() + ms);

  it('counts down from 60 s and moves to the next code on the minute', () => {
    expect(VERIFICATION_CODE_PERIOD_SECONDS).toBe(60);
    expect(verificationCodeWindow(issued, issued)).toMatchObject({ period: 0, secondsLeft: 60 });
    expect(verificationCodeWindow(issued, at(500))).toMatchObject({ period: 0, secondsLeft: 60 });
    expect(verificationCodeWindow(issued, at(59_999))).toMatchObject({ period: 0, secondsLeft: 1 });
    const next = verificationCodeWindow(issued, at(60_000));
    expect(next).toMatchObject({ period: 1, secondsLeft: 60 });
    expect(next.expiresAt.toISOString()).toBe('2026-11-26T01:02:00.000Z');
  });

  it('reads a clock slightly behind the issue time as the first period', () => {
    expect(verificationCodeWindow(issued, at(-2_000))).toMatchObject({ period: 0, secondsLeft: 60 });
  });

  it('takes six digits, spaces ignored, and nothing else', () => {
    expect(VerificationCodeInputSchema.parse(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', '12a456', '']) {
      expect(VerificationCodeInputSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
