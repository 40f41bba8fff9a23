import { describe, expect, it } from 'vitest';
import { placeName } from './place-name.ts';

describe('placeName', () => {
  it('names a department with its hospital, and anything else by its own name', () => {
    expect(placeName({ name: 'Cardiology', hospital: { name: 'Royal Eastern Hospital' } })).toBe(
      'Cardiology, Royal Eastern Hospital',
    );
    expect(placeName({ name: 'Harbourside Family Medical Practice', hospital: null })).toBe(
      'Harbourside Family Medical Practice',
    );
  });
});
