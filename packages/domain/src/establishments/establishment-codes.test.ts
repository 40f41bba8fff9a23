import { describe, it, expect } from 'vitest';
import { establishmentTypes, auStates, serviceTypes } from './establishment-codes.ts';

describe('establishment code lists', () => {
  it('has the five establishment types', () => {
    expect(establishmentTypes.codes).toEqual(['CL', 'HL', 'PR', 'DT', 'PA']);
    expect(establishmentTypes.display('PR')).toBe('General practice');
    expect(establishmentTypes.display('PA')).toBe('Personal or practitioner space');
  });

  it('lists the states in the receiver filter order of section 9', () => {
    expect(auStates.codes).toEqual(['NSW', 'VIC', 'WA', 'NT', 'SA', 'QLD', 'ACT', 'TAS']);
    expect(auStates.display('ACT')).toBe('Australian Capital Territory');
  });

  it('has the ten service types', () => {
    expect(serviceTypes.codes).toEqual([
      'ADULT',
      'CY',
      'PUBLIC',
      'PRIVATE',
      'HD',
      'SC',
      'VT',
      'PHU',
      'AD',
      'PRIMARYHN',
    ]);
  });
});
