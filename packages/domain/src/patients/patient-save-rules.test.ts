import { describe, expect, it } from 'vitest';
import { PatientListQuerySchema, PatientWriteSchema } from './patient-schemas.ts';
import {
  isPatientCreated,
  keepCarer,
  preparePatientSave,
  validatePatientSave,
} from './patient-save-rules.ts';

const base = { first_name: 'Ava', last_name: 'Nguyen', dob: '1980-02-03' };

describe('patient save rules (section 5 Patient save)', () => {
  it('turns empty strings into null, an empty title into DR and fills the defaults on create', () => {
    const body = PatientWriteSchema.parse({ ...base, title: '', email: '', city: ' ' });
    const prepared = preparePatientSave(body, { create: true });
    expect(prepared).toMatchObject({
      title: 'DR',
      email: null,
      city: null,
      state: 'NSW',
      pref_contact_method: 'SMS',
      pub_insurance_type: 'MDCR',
    });
  });

  it('keeps sex_nb_text only for N and custom_gender only for O, and takes a coded sex by its value', () => {
    const n = preparePatientSave(
      PatientWriteSchema.parse({
        ...base,
        sex: { value: 'N', display: 'Non-binary' },
        sex_nb_text: 'x',
        custom_gender: 'y',
      }),
    );
    expect([n.sex, n.sex_nb_text, n.custom_gender]).toEqual(['N', 'x', null]);
    const o = preparePatientSave(
      PatientWriteSchema.parse({ ...base, sex: 'O', sex_nb_text: 'x', custom_gender: 'y' }),
    );
    expect([o.sex_nb_text, o.custom_gender]).toEqual([null, 'y']);
  });

  it('saves OTHR insurance as MDCR without a Medicare reference, and skips the Medicare check', () => {
    const body = PatientWriteSchema.parse({
      ...base,
      pub_insurance_type: 'OTHR',
      pub_insurance_details: 'BUPA-1234',
      medicare_ref_num: '2',
    });
    expect(validatePatientSave(body, { mode: 'create' })).toEqual({});
    expect(preparePatientSave(body)).toMatchObject({ pub_insurance_type: 'MDCR', medicare_ref_num: null });
  });

  it('resets population flags and empties lists when their section is off', () => {
    const body = PatientWriteSchema.parse({
      ...base,
      atsi: true,
      ndis: true,
      pp_other: true,
      population_enabled: false,
      concession_cards: [{ type: 'HCC', concession_number: '1' }],
      concession_enabled: false,
      health_funds: [{ health_fund_name: 'HCF' }],
      health_fund_name: 'HCF',
      health_fund_enabled: false,
      carers: [{ first_name: 'A', last_name: 'B' }],
      carer_enabled: false,
    });
    const prepared = preparePatientSave(body);
    expect(prepared).toMatchObject({
      atsi: false,
      ndis: false,
      pp_other: false,
      concession_cards: [],
      health_funds: [],
    });
    expect('carers' in prepared).toBe(false);
    expect('health_fund_name' in prepared).toBe(false);
  });

  it('keeps a primary carer always and another carer only with a non-empty field besides state and type', () => {
    expect(keepCarer({ carer_type: 1 })).toBe(true);
    expect(keepCarer({ carer_type: 2, state: 'VIC', first_name: '' })).toBe(false);
    expect(keepCarer({ carer_type: 3, next_of_kin: true })).toBe(true);
    expect(keepCarer({ carer_type: 2, phone: '0412 345 678' })).toBe(true);
  });

  it('requires first name, last name and dob to count as created', () => {
    expect(isPatientCreated(base)).toBe(true);
    expect(isPatientCreated({ ...base, dob: '' })).toBe(false);
    expect(validatePatientSave({}, { mode: 'create' })).toEqual({
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
      dob: ['This field is required.'],
    });
    expect(validatePatientSave({ email: 'a@b.co' }, { mode: 'patch' })).toEqual({});
  });

  it('checks Medicare, its reference number and the IHI', () => {
    expect(
      validatePatientSave(
        { ...base, pub_insurance_details: '2296818481', medicare_ref_num: '1', ihi: '8003608333428779' },
        { mode: 'create' },
      ),
    ).toEqual({});
    const errors = validatePatientSave(
      { ...base, pub_insurance_details: '2273766560', medicare_ref_num: '0', ihi: '8003608333428778' },
      { mode: 'create' },
    );
    expect(Object.keys(errors).sort()).toEqual(['ihi', 'medicare_ref_num', 'pub_insurance_details']);
  });

  it('nests carer errors by their index in the body', () => {
    const errors = validatePatientSave(
      {
        ...base,
        carers: [
          { first_name: 'A', last_name: 'B' },
          { first_name: 'C', last_name: 'D', phone: '123' },
        ],
      },
      { mode: 'create' },
    );
    expect(errors).toEqual({ carers: [{}, { phone: [expect.any(String)] }] });
  });

  it('splits keywords into lower-case words', () => {
    expect(PatientListQuerySchema.parse({ keyword: ' Smith  JO ' }).keyword).toEqual(['smith', 'jo']);
    expect(PatientListQuerySchema.parse({ keyword: ['a', 'B c'] }).keyword).toEqual(['a', 'b', 'c']);
    expect(PatientListQuerySchema.parse({}).status).toBe('complete');
  });
});
