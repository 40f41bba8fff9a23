import type { Identifier } from '@medplum/fhirtypes';

/** AU Base identifier systems (hl7.org.au/fhir), so Referrals reads them as a real clinical record writes them. */
export const MEDICARE_SYSTEM = 'http://ns.electronichealth.net.au/id/medicare-number';
export const IHI_SYSTEM = 'http://ns.electronichealth.net.au/id/hi/ihi/1.0';
export const HPII_SYSTEM = 'http://ns.electronichealth.net.au/id/hi/hpii/1.0';
export const HPIO_SYSTEM = 'http://ns.electronichealth.net.au/id/hi/hpio/1.0';
export const AHPRA_SYSTEM = 'http://hl7.org.au/id/ahpra-registration-number';
export const MEDICARE_PROVIDER_SYSTEM = 'http://ns.electronichealth.net.au/id/medicare-provider-number';
export const PRACTICE_MRN_SYSTEM = 'http://harbourside.example.org.au/id/mrn';

const IDENTIFIER_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/**
 * A Medicare card number with its check digit worked out, so the seed cannot carry a number Referrals
 * would reject: the ninth digit is the first eight weighted 1 3 7 9 1 3 7 9, summed, mod 10.
 */
export function medicareIdentifier(firstEight: string, issueNumber: number, irn: number): Identifier {
  const weights = [1, 3, 7, 9, 1, 3, 7, 9];
  const check = weights.reduce((sum, weight, i) => sum + weight * Number(firstEight[i]), 0) % 10;
  return {
    type: { coding: [{ system: IDENTIFIER_TYPE, code: 'MC', display: "Patient's Medicare number" }] },
    system: MEDICARE_SYSTEM,
    // AU Base puts the individual reference number (IRN) after the card number, as the eleventh digit.
    value: `${firstEight}${check}${issueNumber}${irn}`,
  };
}

/** A 16-digit Healthcare Identifier (IHI 800360, HPI-I 800361, HPI-O 800362) with its Luhn check digit. */
export function healthcareIdentifierNumber(firstFifteen: string): string {
  let sum = 0;
  for (let i = 0; i < firstFifteen.length; i++) {
    // Counting from the right of the finished number, the check digit is position 0: double the odd ones.
    let digit = Number(firstFifteen[firstFifteen.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${firstFifteen}${(10 - (sum % 10)) % 10}`;
}

export function ihiIdentifier(firstFifteen: string): Identifier {
  return {
    type: {
      coding: [{ system: IDENTIFIER_TYPE, code: 'NI', display: 'National unique individual identifier' }],
    },
    system: IHI_SYSTEM,
    value: healthcareIdentifierNumber(firstFifteen),
  };
}

export function practiceMrnIdentifier(mrn: string): Identifier {
  return {
    type: { coding: [{ system: IDENTIFIER_TYPE, code: 'MR', display: 'Medical record number' }] },
    system: PRACTICE_MRN_SYSTEM,
    value: mrn,
  };
}
