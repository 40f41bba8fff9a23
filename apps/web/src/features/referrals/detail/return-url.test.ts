import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url';

describe('the returnURL back link (spec section 2 /referrals/:id)', () => {
  it('keeps same-origin relative paths with their query', () => {
    expect(safeReturnUrl('/referrals/inbox/new?page=2')).toBe('/referrals/inbox/new?page=2');
  });

  it('refuses anything that could leave the app', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'referrals',
    ]) {
      expect(safeReturnUrl(value)).toBeNull();
    }
  });
});
