import type { z } from 'zod';
import { defineCodeList } from '../codes.ts';

/**
 * Aboriginal and Torres Strait Islander status (section 3 Enumerations), in the spec's order. The
 * spec gives texts only; the codes are ours.
 */
export const ABORIGINAL_STATUSES = {
  NEITHER: 'Not Aboriginal or Torres Strait Islander',
  TSI: 'Torres Strait Islander, not Aboriginal',
  ABORIGINAL: 'Aboriginal, not Torres Strait Islander',
  BOTH: 'Both Aboriginal and Torres Strait Islander',
  UNABLE_TO_ASK: 'Unable to be asked',
  DECLINED: 'Declined',
} as const;
export const aboriginalStatuses = defineCodeList(ABORIGINAL_STATUSES);
export const AboriginalStatusSchema = aboriginalStatuses.schema;
export type AboriginalStatus = z.infer<typeof AboriginalStatusSchema>;

/** Public insurance types (sections 3 Patient, 5 Patient save: OTHR is sent as MDCR). */
export const INSURANCE_TYPES = {
  MDCR: 'Medicare',
  DVA: "Department of Veterans' Affairs",
  OTHR: 'Other',
} as const;
export const insuranceTypes = defineCodeList(INSURANCE_TYPES);
export const InsuranceTypeSchema = insuranceTypes.schema;
export type InsuranceType = z.infer<typeof InsuranceTypeSchema>;

/** A patient's preferred contact method (section 3 Patient; default SMS). */
export const CONTACT_METHODS = {
  SMS: 'SMS',
  EMAIL: 'Email',
  PHONE: 'Phone',
} as const;
export const contactMethods = defineCodeList(CONTACT_METHODS);
export const ContactMethodSchema = contactMethods.schema;
export type ContactMethod = z.infer<typeof ContactMethodSchema>;

/**
 * Sex / gender (section 3 Patient, section 5 Patient save): N carries sex_nb_text, O carries
 * custom_gender. U is our addition for a patient who prefers not to say.
 */
export const SEX_CODES = {
  M: 'Male',
  F: 'Female',
  N: 'Non-binary',
  O: 'Other',
  U: 'Prefer not to say',
} as const;
export const sexCodes = defineCodeList(SEX_CODES);
export const SexSchema = sexCodes.schema;
export type Sex = z.infer<typeof SexSchema>;

/**
 * Concession card types (section 3 Patient: type plus concession_other). The spec does not list
 * them; these are the Australian cards a referral usually records. OTHER uses concession_other.
 */
export const CONCESSION_CARD_TYPES = {
  PENSION: 'Pensioner Concession Card',
  HCC: 'Health Care Card',
  CSHC: 'Commonwealth Seniors Health Card',
  DVA_GOLD: 'DVA Gold Card',
  DVA_WHITE: 'DVA White Card',
  OTHER: 'Other',
} as const;
export const concessionCardTypes = defineCodeList(CONCESSION_CARD_TYPES);
export const ConcessionCardTypeSchema = concessionCardTypes.schema;
export type ConcessionCardType = z.infer<typeof ConcessionCardTypeSchema>;
