import { defineCodeList } from '../codes.ts';

/**
 * The specialty filter (spec section 9: 39 codes, from MEDICAL and SURGICAL through to SOCIALWORK). The
 * spec names only the first two and the last; the rest follow the Australian specialist colleges and the
 * allied health professions that receive referrals.
 */
export const SPECIALTIES = {
  MEDICAL: 'Medical (general)',
  SURGICAL: 'Surgical (general)',
  ADDICTION: 'Addiction medicine',
  ANAESTHESIA: 'Anaesthesia',
  CARDIOLOGY: 'Cardiology',
  CARDIOTHORACIC: 'Cardiothoracic surgery',
  DERMATOLOGY: 'Dermatology',
  EMERGENCY: 'Emergency medicine',
  ENDOCRINOLOGY: 'Endocrinology',
  ENT: 'Ear, nose and throat surgery',
  GASTROENTEROLOGY: 'Gastroenterology',
  GENERALPRACTICE: 'General practice',
  GERIATRICS: 'Geriatric medicine',
  HAEMATOLOGY: 'Haematology',
  IMMUNOLOGY: 'Clinical immunology and allergy',
  INFECTIOUSDISEASES: 'Infectious diseases',
  INTENSIVECARE: 'Intensive care medicine',
  NEPHROLOGY: 'Nephrology',
  NEUROLOGY: 'Neurology',
  NEUROSURGERY: 'Neurosurgery',
  OBSTETRICS: 'Obstetrics and gynaecology',
  ONCOLOGY: 'Medical oncology',
  OPHTHALMOLOGY: 'Ophthalmology',
  ORTHOPAEDICS: 'Orthopaedic surgery',
  PAEDIATRICS: 'Paediatrics and child health',
  PAINMEDICINE: 'Pain medicine',
  PALLIATIVE: 'Palliative medicine',
  PLASTICSURGERY: 'Plastic and reconstructive surgery',
  PSYCHIATRY: 'Psychiatry',
  RADIATIONONCOLOGY: 'Radiation oncology',
  RADIOLOGY: 'Radiology',
  REHABILITATION: 'Rehabilitation medicine',
  RESPIRATORY: 'Respiratory and sleep medicine',
  RHEUMATOLOGY: 'Rheumatology',
  UROLOGY: 'Urology',
  VASCULAR: 'Vascular surgery',
  PHYSIOTHERAPY: 'Physiotherapy',
  PSYCHOLOGY: 'Psychology',
  SOCIALWORK: 'Social work',
} as const;
export const specialtyCodes = defineCodeList(SPECIALTIES);
export type SpecialtyCode = keyof typeof SPECIALTIES;

/**
 * The specialty code a profile's specialty stands for: its `practice` holds a code, or (typed in Settings)
 * the specialty's name in any case, e.g. "cardiology". Anything else names no listed specialty.
 */
export function specialtyCodeOf(practice: string): SpecialtyCode | null {
  const typed = practice.trim();
  if (specialtyCodes.isCode(typed)) return typed;
  const byName = (Object.keys(SPECIALTIES) as SpecialtyCode[]).find(
    (code) => SPECIALTIES[code].toLowerCase() === typed.toLowerCase(),
  );
  return byName ?? null;
}

/**
 * Professions of allied health, nursing and other clinicians (the profession field of section 3, required
 * for sub-roles AH and NM and for SPT, section 5). The spec does not list them; these are the AHPRA-registered
 * and self-regulated professions that send and receive referrals.
 */
export const PROFESSIONS = {
  AUDIOLOGY: 'Audiology',
  CHIROPRACTIC: 'Chiropractic',
  DIABETESEDUCATION: 'Diabetes education',
  DIETETICS: 'Dietetics',
  EXERCISEPHYSIOLOGY: 'Exercise physiology',
  MIDWIFERY: 'Midwifery',
  NURSING: 'Nursing',
  NURSEPRACTITIONER: 'Nurse practitioner',
  OCCUPATIONALTHERAPY: 'Occupational therapy',
  OPTOMETRY: 'Optometry',
  OSTEOPATHY: 'Osteopathy',
  PHARMACY: 'Pharmacy',
  PHYSIOTHERAPY: 'Physiotherapy',
  PODIATRY: 'Podiatry',
  PSYCHOLOGY: 'Psychology',
  SOCIALWORK: 'Social work',
  SPEECHPATHOLOGY: 'Speech pathology',
  OTHER: 'Other',
} as const;
export const professionCodes = defineCodeList(PROFESSIONS);
