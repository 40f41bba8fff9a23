import type { z } from 'zod';
import { defineCodeList } from '../codes.ts';

/** Establishment types (section 3 Establishment). */
export const ESTABLISHMENT_TYPES = {
  CL: 'Clinic',
  HL: 'Hospital',
  PR: 'General practice',
  DT: 'Department',
  PA: 'Personal or practitioner space',
} as const;
export const establishmentTypes = defineCodeList(ESTABLISHMENT_TYPES);
export const EstablishmentTypeSchema = establishmentTypes.schema;
export type EstablishmentType = z.infer<typeof EstablishmentTypeSchema>;

/** Australian states and territories, in the referral receiver filter's order (section 9). */
export const AU_STATES = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  WA: 'Western Australia',
  NT: 'Northern Territory',
  SA: 'South Australia',
  QLD: 'Queensland',
  ACT: 'Australian Capital Territory',
  TAS: 'Tasmania',
} as const;
export const auStates = defineCodeList(AU_STATES);
export const AuStateSchema = auStates.schema;
export type AuState = z.infer<typeof AuStateSchema>;

/**
 * Service types (section 9). The spec gives only the codes; the displays of HD, SC, VT and AD are
 * our reading of the abbreviations.
 */
export const SERVICE_TYPES = {
  ADULT: 'Adult',
  CY: 'Child and youth',
  PUBLIC: 'Public',
  PRIVATE: 'Private',
  HD: 'Hospital in the home',
  SC: 'Specialist clinic',
  VT: 'Virtual care',
  PHU: 'Public health unit',
  AD: 'Alcohol and other drugs',
  PRIMARYHN: 'Primary Health Network',
} as const;
export const serviceTypes = defineCodeList(SERVICE_TYPES);
export const ServiceTypeSchema = serviceTypes.schema;
export type ServiceType = z.infer<typeof ServiceTypeSchema>;
