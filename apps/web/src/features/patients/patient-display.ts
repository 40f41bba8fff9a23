import { formatCalendarDate } from '@referrals/domain/dates';
import type { PatientSummary } from '@referrals/domain/patients/patient-schemas';
import { titles } from '@referrals/domain/people/people-codes';

export type PatientRow = Pick<
  PatientSummary,
  'id' | 'title' | 'first_name' | 'last_name' | 'dob' | 'pub_insurance_details' | 'mrn'
>;

/** A patient's name as lists and headings show it: first name then last name. */
export function patientName(patient: Pick<PatientSummary, 'first_name' | 'last_name'>): string {
  return `${patient.first_name} ${patient.last_name}`.trim();
}

/** The title's display text, or null for none. */
export function patientTitle(patient: Pick<PatientSummary, 'title'>): string | null {
  return patient.title !== null && titles.isCode(patient.title) ? titles.display(patient.title) : null;
}

/** The date of birth as Australians read it, e.g. '2 Jan 1980' (spec section 9 Date display). */
export function patientDob(patient: Pick<PatientSummary, 'dob'>): string {
  return formatCalendarDate(patient.dob);
}
