import { describe, expect, it } from 'vitest';
import { countText, figureText, NONE_TEXT, percent } from './figure-text';

describe('figure text', () => {
  it('writes a suppressed count as <5 and a figure without referrals as a dash', () => {
    expect(countText(null)).toBe('<5');
    expect(countText(0)).toBe(0);
    expect(figureText(null, null)).toBe('<5');
    expect(figureText(null, 0)).toBe(NONE_TEXT);
    expect(figureText(12.5, 7)).toBe(12.5);
    expect(figureText(5 / 7, 7, percent)).toBe('71%');
  });
});
