import { describe, it, expect } from 'vitest';
import { layoutThemeFor } from './theme.ts';

describe('layoutThemeFor (section 6 Rules)', () => {
  it('is green with no user or no role', () => {
    expect(layoutThemeFor(null)).toBe('green');
    expect(layoutThemeFor(undefined)).toBe('green');
    expect(layoutThemeFor({ role: null, establishmentType: 'HL' })).toBe('green');
  });

  it('is blue for specialists and specialists in training wherever they work', () => {
    for (const establishmentType of ['HL', 'CL', 'PR', 'DT', 'PA', null]) {
      expect(layoutThemeFor({ role: 'SP', establishmentType })).toBe('blue');
      expect(layoutThemeFor({ role: 'SPT', establishmentType })).toBe('blue');
    }
  });

  it('is blue for practice administrators and managers at a hospital, its departments or a clinic', () => {
    expect(layoutThemeFor({ role: 'PA', establishmentType: 'DT' })).toBe('blue');
    expect(layoutThemeFor({ role: 'PM', establishmentType: 'DT' })).toBe('blue');
    expect(layoutThemeFor({ role: 'PA', establishmentType: 'HL' })).toBe('blue');
    expect(layoutThemeFor({ role: 'PA', establishmentType: 'CL' })).toBe('blue');
    expect(layoutThemeFor({ role: 'PM', establishmentType: 'HL' })).toBe('blue');
    expect(layoutThemeFor({ role: 'PM', establishmentType: 'CL' })).toBe('blue');
  });

  it('is green for practice administrators and managers elsewhere', () => {
    for (const establishmentType of ['PR', 'PA', null, undefined]) {
      expect(layoutThemeFor({ role: 'PA', establishmentType })).toBe('green');
      expect(layoutThemeFor({ role: 'PM', establishmentType })).toBe('green');
    }
  });

  it('is green for GPs wherever they work', () => {
    expect(layoutThemeFor({ role: 'GP', establishmentType: 'HL' })).toBe('green');
    expect(layoutThemeFor({ role: 'GPP', establishmentType: 'CL' })).toBe('green');
    expect(layoutThemeFor({ role: 'GP', establishmentType: 'PR' })).toBe('green');
  });
});
