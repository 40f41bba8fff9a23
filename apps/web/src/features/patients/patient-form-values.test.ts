import { describe, expect, it } from 'vitest';
import { carerFixture, patientFixture } from './patient-fixtures';
import {
  emptyCarer,
  formFieldErrors,
  newPatientValues,
  patientSave,
  patientValues,
} from './patient-form-values';

describe('the patient form values (spec sections 3 Patient, 5 Patient save)', () => {
  it('starts a new patient with every toggle off and the section 9 defaults', () => {
    const values = newPatientValues();
    expect(values).toMatchObject({
      title: 'DR',
      state: 'NSW',
      pref_contact_method: 'SMS',
      pub_insurance_type: 'MDCR',
      population_enabled: false,
      concession_enabled: false,
      health_fund_enabled: false,
      carer_enabled: false,
      identifiers_enabled: false,
      mrn_enabled: false,
    });
  });

  it('re-keys nested carer errors from the body sent to the carers the form holds', () => {
    const values = {
      ...newPatientValues(),
      first_name: 'Margaret',
      last_name: 'Nguyen',
      dob: '1948-03-07',
      carer_enabled: true,
      carers: [
        { ...emptyCarer(1), first_name: 'Linh', last_name: 'Nguyen' },
        emptyCarer(2),
        { ...emptyCarer(3), first_name: 'Sam', last_name: 'Lee' },
      ],
    };
    const saved = patientSave(values, 'create');
    if ('errors' in saved) throw new Error('expected a body');
    expect(saved.body.carers).toHaveLength(2);
    expect(saved.sentCarers).toEqual([0, 2]);
    expect(formFieldErrors({ carers: [{}, { email: ['Bad'] }] }, saved.sentCarers)).toEqual({
      carers: [{}, {}, { email: ['Bad'] }],
    });
    expect(formFieldErrors({ carers: ['Too many carers.'] }, saved.sentCarers)).toEqual({
      carers: ['Too many carers.'],
    });
  });

  it('clears identifiers switched off, and keeps the MRN out of an update', () => {
    const values = { ...patientValues(patientFixture({ ihi: '8003608333428779', mrn: 'HFM-1' })) };
    expect(values.identifiers_enabled).toBe(true);
    expect(values.mrn_enabled).toBe(true);
    const saved = patientSave({ ...values, identifiers_enabled: false }, 'update');
    if ('errors' in saved) throw new Error('expected a body');
    expect(saved.body.ihi).toBeNull();
    expect(saved.body).not.toHaveProperty('mrn');
  });

  it('opens the carer section for a patient with carers and keeps their ids and versions', () => {
    const values = patientValues(patientFixture({ carers: [carerFixture({ version: 3 })] }));
    expect(values.carer_enabled).toBe(true);
    expect(values.carers[0]).toMatchObject({ id: carerFixture().id, version: 3, first_name: 'Linh' });
  });
});
