import { describe, expect, it } from 'vitest';
import { nextCodeAllowedAt, secondsUntil } from './code-countdown';

describe('the emailed code countdown (section 9: every 60 s)', () => {
  it('counts a minute from the code sent, in whole seconds up', () => {
    const sent = Date.UTC(2026, 4, 1, 9, 0, 0);
    const allowed = nextCodeAllowedAt(sent);
    expect(secondsUntil(allowed, sent)).toBe(60);
    expect(secondsUntil(allowed, sent + 500)).toBe(60);
    expect(secondsUntil(allowed, sent + 59_001)).toBe(1);
    expect(secondsUntil(allowed, sent + 60_000)).toBe(0);
    expect(secondsUntil(allowed, sent + 120_000)).toBe(0);
  });

  it("follows a 429's Retry-After, and is over with nothing sent", () => {
    expect(secondsUntil(nextCodeAllowedAt(0, 17), 0)).toBe(17);
    expect(secondsUntil(null, 0)).toBe(0);
  });
});
