import { describe, it, expect } from 'vitest';
import {
  aboriginalStatuses,
  insuranceTypes,
  contactMethods,
  sexCodes,
  concessionCardTypes,
  ABORIGINAL_STATUSES,
} from './patient-codes.ts';
import { DEFAULT_CONTACT_METHOD, DEFAULT_INSURANCE_TYPE } from '../constants.ts';

describe('patient code lists', () => {
  it('has the six Aboriginal status options in the spec order', () => {
    expect(Object.values(ABORIGINAL_STATUSES)).toEqual([
      'Not Aboriginal or Torres Strait Islander',
      'Torres Strait Islander, not Aboriginal',
      'Aboriginal, not Torres Strait Islander',
      'Both Aboriginal and Torres Strait Islander',
      'Unable to be asked',
      'Declined',
    ]);
    expect(aboriginalStatuses.codes).toEqual([
      'NEITHER',
      'TSI',
      'ABORIGINAL',
      'BOTH',
      'UNABLE_TO_ASK',
      'DECLINED',
    ]);
  });

  it('has the insurance types, including the default MDCR Medicare', () => {
    expect(insuranceTypes.codes).toEqual(['MDCR', 'DVA', 'OTHR']);
    expect(insuranceTypes.coded(DEFAULT_INSURANCE_TYPE)).toEqual({ value: 'MDCR', display: 'Medicare' });
  });

  it('has the contact methods, including the default SMS', () => {
    expect(contactMethods.codes).toEqual(['SMS', 'EMAIL', 'PHONE']);
    expect(contactMethods.isCode(DEFAULT_CONTACT_METHOD)).toBe(true);
  });

  it('has the sex codes, with N non-binary and O other', () => {
    expect(sexCodes.codes).toEqual(['M', 'F', 'N', 'O', 'U']);
    expect(sexCodes.display('N')).toBe('Non-binary');
    expect(sexCodes.display('O')).toBe('Other');
  });

  it('has the concession card types', () => {
    expect(concessionCardTypes.codes).toEqual(['PENSION', 'HCC', 'CSHC', 'DVA_GOLD', 'DVA_WHITE', 'OTHER']);
  });
});
