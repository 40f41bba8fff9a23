import { describe, expect, it } from 'vitest';
import {
  clinicalSummaryOf,
  IHI_SYSTEM,
  launchContextOf,
  MEDICARE_PROVIDER_SYSTEM,
  MEDICARE_SYSTEM,
  recordPatientOf,
  type RecordResources,
} from './fhir-record.ts';

const none: RecordResources = {
  Condition: [],
  MedicationStatement: [],
  AllergyIntolerance: [],
  Observation: [],
  FamilyMemberHistory: [],
  Procedure: [],
};
const loinc = (code: string, display: string) => ({
  coding: [{ system: 'http://loinc.org', code, display }],
});
const status = (code: string) => ({ coding: [{ code }] });

describe('recordPatientOf', () => {
  it('reads an AU Base patient into the patient fields: Medicare with its reference number, IHI, address', () => {
    expect(
      recordPatientOf({
        resourceType: 'Patient',
        name: [
          { use: 'usual', given: ['Maggie'], family: 'Thompson' },
          { use: 'official', prefix: ['Mrs.'], given: ['Margaret', 'Anne'], family: 'Thompson' },
        ],
        birthDate: '1958-04-12',
        gender: 'female',
        telecom: [
          { system: 'phone', value: '02 9555 0101', use: 'home' },
          { system: 'phone', value: '0412 345 678', use: 'mobile' },
          { system: 'email', value: 'margaret@example.com' },
        ],
        address: [
          { use: 'home', line: ['12 Ocean St', 'Unit 3'], city: 'Manly', state: 'nsw', postalCode: '2095' },
        ],
        identifier: [
          { system: MEDICARE_SYSTEM, value: '2950 97406 1 2' },
          { system: IHI_SYSTEM, value: '8003608166690503' },
          {
            type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] },
            system: 'http://practice.example/mrn',
            value: 'HFM-001024',
          },
        ],
      }),
    ).toEqual({
      title: 'MRS',
      first_name: 'Margaret Anne',
      last_name: 'Thompson',
      dob: '1958-04-12',
      sex: 'F',
      phone: '0412 345 678',
      email: 'margaret@example.com',
      address1: '12 Ocean St',
      address2: 'Unit 3',
      city: 'Manly',
      state: 'NSW',
      postcode: '2095',
      pub_insurance_details: '2950974061',
      medicare_ref_num: '2',
      ihi: '8003608166690503',
      mrn: 'HFM-001024',
    });
  });

  it('leaves out what the record does not have, and a state outside Australia', () => {
    const patient = recordPatientOf({
      resourceType: 'Patient',
      name: [{ given: ['Jo'], family: 'Lee' }],
      address: [{ state: 'Auckland' }],
    });
    expect(patient).toMatchObject({ first_name: 'Jo', last_name: 'Lee', dob: null, sex: null, ihi: null });
    expect(patient.pub_insurance_details).toBeNull();
    expect(patient).not.toHaveProperty('state');
  });
});

describe('launchContextOf (Observation/CTX-PROVIDER and CTX-PATIENT)', () => {
  const observation = (fields: object) => ({ resourceType: 'Observation' as const, ...fields });

  it('takes the provider number and the record number the record system gives', () => {
    expect(
      launchContextOf({
        provider: observation({ identifier: [{ system: MEDICARE_PROVIDER_SYSTEM, value: '2426621b' }] }),
        patient: observation({ valueString: ' HFM-001024 ' }),
      }),
    ).toEqual({ provider_number: '2426621B', mrn: 'HFM-001024' });
    expect(launchContextOf({ provider: observation({ valueString: '2426621B' }) })).toEqual({
      provider_number: '2426621B',
      mrn: null,
    });
  });

  it('takes nothing from a record system that offers neither, or a provider number that fails its check', () => {
    expect(launchContextOf({})).toEqual({ provider_number: null, mrn: null });
    expect(
      launchContextOf({ provider: observation({ valueString: '2426621C' }) }).provider_number,
    ).toBeNull();
  });
});

describe('clinicalSummaryOf', () => {
  it('keeps active conditions, current medicines and allergies that are not resolved or refuted', () => {
    const summary = clinicalSummaryOf({
      ...none,
      Condition: [
        {
          resourceType: 'Condition',
          clinicalStatus: status('active'),
          code: { text: 'Type 2 diabetes' },
          onsetDateTime: '2015-06-01',
        },
        { resourceType: 'Condition', clinicalStatus: status('resolved'), code: { text: 'Pneumonia' } },
        {
          resourceType: 'Condition',
          clinicalStatus: status('active'),
          verificationStatus: status('refuted'),
          code: { text: 'Angina' },
        },
      ],
      MedicationStatement: [
        {
          resourceType: 'MedicationStatement',
          status: 'active',
          medicationCodeableConcept: { coding: [{ display: 'Metformin 500 mg tablet' }] },
          dosage: [{ text: '1 tablet twice daily' }],
        },
        {
          resourceType: 'MedicationStatement',
          status: 'stopped',
          medicationCodeableConcept: { text: 'Aspirin' },
        },
      ],
      AllergyIntolerance: [
        {
          resourceType: 'AllergyIntolerance',
          clinicalStatus: status('active'),
          code: { text: 'Penicillin' },
          reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'moderate' }],
        },
        { resourceType: 'AllergyIntolerance', clinicalStatus: status('resolved'), code: { text: 'Latex' } },
      ],
    });
    expect(summary.conditions).toEqual([{ text: 'Type 2 diabetes', detail: null, date: '1 Jun 2015' }]);
    expect(summary.medications).toEqual([
      { text: 'Metformin 500 mg tablet', detail: '1 tablet twice daily', date: null },
    ]);
    expect(summary.allergies).toEqual([{ text: 'Penicillin', detail: 'Hives, moderate', date: null }]);
  });

  it('keeps the latest observation of each kind and fills weight and height in kg and cm', () => {
    const summary = clinicalSummaryOf({
      ...none,
      Observation: [
        {
          resourceType: 'Observation',
          status: 'final',
          code: loinc('29463-7', 'Body weight'),
          effectiveDateTime: '2024-01-10',
          valueQuantity: { value: 90, unit: 'kg', code: 'kg' },
        },
        {
          resourceType: 'Observation',
          status: 'final',
          code: loinc('29463-7', 'Body weight'),
          effectiveDateTime: '2026-10-02',
          valueQuantity: { value: 84.5, unit: 'kg', code: 'kg' },
        },
        {
          resourceType: 'Observation',
          status: 'final',
          code: loinc('8302-2', 'Body height'),
          effectiveDateTime: '2026-10-02',
          valueQuantity: { value: 1.64, unit: 'm', code: 'm' },
        },
        {
          resourceType: 'Observation',
          status: 'final',
          code: loinc('85354-9', 'Blood pressure'),
          effectiveDateTime: '2026-11-01',
          component: [
            { code: loinc('8480-6', 'Systolic'), valueQuantity: { value: 142, unit: 'mmHg' } },
            { code: loinc('8462-4', 'Diastolic'), valueQuantity: { value: 88, unit: 'mmHg' } },
          ],
        },
      ],
    });
    expect(summary.observations).toEqual([
      { text: 'Blood pressure', detail: '142/88 mmHg', date: '1 Nov 2026' },
      { text: 'Body weight', detail: '84.5 kg', date: '2 Oct 2026' },
      { text: 'Body height', detail: '1.64 m', date: '2 Oct 2026' },
    ]);
    expect(summary.measurements).toEqual({ weight_kg: 84.5, height_cm: 164 });
  });

  it('reads family history by relative and completed procedures', () => {
    const summary = clinicalSummaryOf({
      ...none,
      FamilyMemberHistory: [
        {
          resourceType: 'FamilyMemberHistory',
          status: 'completed',
          relationship: { text: 'Father' },
          condition: [{ code: { text: 'Myocardial infarction' } }],
        },
      ],
      Procedure: [
        {
          resourceType: 'Procedure',
          status: 'completed',
          code: { text: 'Appendicectomy' },
          performedDateTime: '1990',
        },
        { resourceType: 'Procedure', status: 'not-done', code: { text: 'Colonoscopy' } },
      ],
    });
    expect(summary.family_history).toEqual([{ text: 'Father', detail: 'Myocardial infarction', date: null }]);
    expect(summary.procedures).toEqual([{ text: 'Appendicectomy', detail: null, date: '1990' }]);
    expect(summary.measurements).toEqual({ weight_kg: null, height_cm: null });
  });
});
