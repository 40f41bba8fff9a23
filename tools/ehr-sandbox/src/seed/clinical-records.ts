import type { Resource } from '@medplum/fhirtypes';
import {
  allergy,
  bloodPressure,
  condition,
  daysAgo,
  familyHistory,
  medicationStatement,
  procedure,
  snomed,
  vitalSign,
} from './clinical-entries.ts';
import { PATIENT_IDS } from './patients.ts';

const YEAR = 365;

/**
 * Margaret Thompson has the full record a referral draws on: a resolved condition beside the active ones,
 * a stopped medicine beside the current ones, and recent and older measurements, so Referrals can be seen
 * choosing the current and the latest.
 */
function margaretThompson(id: string): Resource[] {
  return [
    condition(id, snomed('38341003', 'Hypertension'), '2009-03-02'),
    condition(id, snomed('44054006', 'Type 2 diabetes mellitus'), '2014-08-19'),
    condition(id, snomed('13644009', 'Hypercholesterolaemia'), '2014-08-19'),
    condition(id, snomed('239873007', 'Osteoarthritis of knee', 'Osteoarthritis of left knee'), '2017-05-10'),
    condition(id, snomed('385093006', 'Community acquired pneumonia'), '2021-07-04', '2021-08-02'),
    medicationStatement(
      id,
      snomed('372916001', 'Perindopril', 'Perindopril arginine 5 mg tablet'),
      'One tablet in the morning',
      '2009-03-02',
    ),
    medicationStatement(
      id,
      snomed('372567009', 'Metformin', 'Metformin hydrochloride 1 g modified release tablet'),
      'One tablet with the evening meal',
      '2014-08-19',
    ),
    medicationStatement(
      id,
      snomed('373444002', 'Atorvastatin', 'Atorvastatin 40 mg tablet'),
      'One tablet at night',
      '2014-09-01',
    ),
    medicationStatement(
      id,
      snomed('387517004', 'Paracetamol', 'Paracetamol 665 mg modified release tablet'),
      'Two tablets three times a day when needed for knee pain',
      '2017-05-10',
    ),
    medicationStatement(
      id,
      snomed('387207008', 'Ibuprofen', 'Ibuprofen 200 mg tablet'),
      'Two tablets three times a day with food',
      '2017-05-10',
      { on: '2023-02-14', reason: 'Stopped because of indigestion and declining kidney function' },
    ),
    allergy(id, snomed('91936005', 'Allergy to penicillin'), snomed('126485001', 'Urticaria'), 'high'),
    vitalSign(id, 'weight', 78.4, daysAgo(21)),
    vitalSign(id, 'weight', 81.2, daysAgo(YEAR + 60)),
    vitalSign(id, 'height', 162, daysAgo(21)),
    vitalSign(id, 'height', 163, daysAgo(5 * YEAR)),
    bloodPressure(id, 138, 84, daysAgo(21)),
    bloodPressure(id, 146, 90, daysAgo(YEAR + 60)),
    familyHistory(id, 'MTH', snomed('22298006', 'Myocardial infarction'), 67),
    familyHistory(id, 'FTH', snomed('44054006', 'Type 2 diabetes mellitus'), 55),
    familyHistory(id, 'SIS', snomed('254837009', 'Malignant neoplasm of breast'), 49),
    procedure(
      id,
      snomed('609588000', 'Total knee replacement', 'Right total knee replacement'),
      '2019-10-22',
    ),
    procedure(id, snomed('73761001', 'Colonoscopy'), '2022-03-15'),
  ];
}

function jamesNguyen(id: string): Resource[] {
  return [
    condition(id, snomed('90560007', 'Gout'), '2020-01-15'),
    medicationStatement(
      id,
      snomed('387135004', 'Allopurinol', 'Allopurinol 300 mg tablet'),
      'One tablet daily',
      '2020-02-01',
    ),
    vitalSign(id, 'weight', 92.5, daysAgo(90)),
    vitalSign(id, 'height', 178, daysAgo(90)),
    bloodPressure(id, 132, 82, daysAgo(90)),
  ];
}

function oliviaChen(id: string): Resource[] {
  return [
    condition(id, snomed('195967001', 'Asthma'), '2019-05-03'),
    medicationStatement(
      id,
      snomed('372897005', 'Salbutamol', 'Salbutamol 100 microgram/actuation inhaler'),
      'Two puffs with a spacer when needed for wheeze',
      '2019-05-03',
    ),
    allergy(id, snomed('91935009', 'Allergy to peanut'), snomed('39579001', 'Anaphylaxis'), 'high'),
    vitalSign(id, 'weight', 31.6, daysAgo(45)),
    vitalSign(id, 'height', 138, daysAgo(45)),
  ];
}

/** The clinical entries of every seeded patient; Daniel O'Connor has none, as a new patient would. */
export function clinicalRecords(): Resource[] {
  return [
    ...margaretThompson(PATIENT_IDS.thompson),
    ...jamesNguyen(PATIENT_IDS.nguyen),
    ...oliviaChen(PATIENT_IDS.chen),
  ];
}
