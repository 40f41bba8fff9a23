import { isValidIhi } from '@referrals/domain/identifiers/ihi';
import { isValidMedicareCardNumber } from '@referrals/domain/identifiers/medicare-card';
import { describe, expect, it } from 'vitest';
import { IHI_SYSTEM, MEDICARE_SYSTEM } from './au-identifiers.ts';
import { PATIENTS } from './patients.ts';

const identifier = (system: string) => (patient: (typeof PATIENTS)[number]) =>
  patient.identifier?.find((id) => id.system === system)?.value ?? '';

describe('the seeded patients', () => {
  it('carry Medicare numbers and IHIs that Referrals accepts', () => {
    for (const patient of PATIENTS) {
      const medicare = identifier(MEDICARE_SYSTEM)(patient);
      expect(medicare).toMatch(/^\d{11}$/);
      expect(isValidMedicareCardNumber(medicare.slice(0, 10))).toBe(true);
      expect(isValidIhi(identifier(IHI_SYSTEM)(patient))).toBe(true);
    }
  });
});
