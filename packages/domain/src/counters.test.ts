import { describe, it, expect } from 'vitest';
import { capCount } from './counters.ts';
import { NOTIFICATION_BADGE_CAP, UNREAD_COUNTER_CAP } from './constants.ts';

describe('capCount', () => {
  it('shows the number up to and including the unread cap', () => {
    expect(capCount(0, UNREAD_COUNTER_CAP)).toBe('0');
    expect(capCount(7, UNREAD_COUNTER_CAP)).toBe('7');
    expect(capCount(999, UNREAD_COUNTER_CAP)).toBe('999');
  });

  it('shows 999+ above the unread cap', () => {
    expect(capCount(1000, UNREAD_COUNTER_CAP)).toBe('999+');
    expect(capCount(123_456, UNREAD_COUNTER_CAP)).toBe('999+');
  });

  it('caps the notification badge at 99+', () => {
    expect(capCount(99, NOTIFICATION_BADGE_CAP)).toBe('99');
    expect(capCount(100, NOTIFICATION_BADGE_CAP)).toBe('99+');
  });

  it('shows 0 for counts that make no sense', () => {
    expect(capCount(Number.NaN, 99)).toBe('0');
    expect(capCount(-3, 99)).toBe('0');
  });
});
