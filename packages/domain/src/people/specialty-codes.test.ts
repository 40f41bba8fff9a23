import { describe, expect, it } from 'vitest';
import { PROFESSIONS, SPECIALTIES, specialtyCodeOf } from './specialty-codes.ts';

describe('the specialty filter and the professions', () => {
  it('has 39 specialty codes, from MEDICAL and SURGICAL through to SOCIALWORK (spec section 9)', () => {
    const codes = Object.keys(SPECIALTIES);
    expect(codes).toHaveLength(39);
    expect(codes.slice(0, 2)).toEqual(['MEDICAL', 'SURGICAL']);
    expect(codes.at(-1)).toBe('SOCIALWORK');
  });

  it('lists the allied health professions with readable names', () => {
    expect(PROFESSIONS.PHYSIOTHERAPY).toBe('Physiotherapy');
    expect(new Set(Object.values(PROFESSIONS)).size).toBe(Object.keys(PROFESSIONS).length);
  });

  it('reads a profile specialty as its code, or its name as typed in Settings', () => {
    expect(specialtyCodeOf('CARDIOLOGY')).toBe('CARDIOLOGY');
    expect(specialtyCodeOf(' cardiology ')).toBe('CARDIOLOGY');
    expect(specialtyCodeOf('Medical oncology')).toBe('ONCOLOGY');
    expect(specialtyCodeOf('Heart failure')).toBeNull();
  });
});
