import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormTemplate } from '@referrals/domain/referrals/forms/form-template-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { draftFixture } from '../create/draft-fixture';
import { api, routes, template } from './create-referral-screen-setup';

beforeAll(() => embedRuntimeConfig());

describe('a draft started from a clinical record (docs/clinical-record.md)', () => {
  const fromRecord = draftFixture({
    patient: {
      id: 'margaret',
      title: 'MRS',
      first_name: 'Margaret',
      last_name: 'Thompson',
      dob: '1958-04-12',
      sex: 'F',
      pub_insurance_details: '2950123411',
    },
    clinical_summary: {
      conditions: [{ text: 'Type 2 diabetes', detail: null, date: '1 Jun 2015' }],
      medications: [{ text: 'Metformin 500 mg tablet', detail: '1 tablet twice daily', date: null }],
      allergies: [],
      observations: [],
      family_history: [],
      procedures: [],
      measurements: { weight_kg: 84.5, height_cm: 164 },
    },
    clinical_record: {
      system: 'sandbox',
      patient_id: 'margaret-thompson',
      read_at: '2026-11-27T22:30:00Z',
      resources: { Patient: 1, Condition: 1 },
    },
  });
  const bmiTemplate: FormTemplate = {
    ...template,
    sections: [
      {
        title: 'Measurements',
        fields: [
          { name: 'weight', title: 'Weight (kg)', type: 'number' },
          { name: 'height', title: 'Height (cm)', type: 'number' },
          {
            name: 'bmi',
            title: 'BMI',
            type: 'calculated',
            autofill: { formula: 'bmi', weight: 'weight', height: 'height' },
          },
        ],
      },
    ],
  };
  const recordApi = () =>
    api({
      'GET /api/referrals/draft-1/': { status: 200, body: fromRecord },
      'PATCH /api/referrals/draft-1/': { status: 200, body: fromRecord },
      'GET /api/referrals/draft-1/form-templates/': { status: 200, body: [bmiTemplate] },
    });

  it('says where it came from, and lets the sender change the summary, which is saved as edited', async () => {
    const calls = recordApi();
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/create/draft-1?step=4');

    expect(await screen.findByText('Started from your clinical record')).toBeTruthy();
    const condition = await screen.findByRole('textbox', { name: 'Condition 1' });
    expect((condition as HTMLInputElement).value).toBe('Type 2 diabetes');
    await user.clear(condition);
    await user.type(condition, 'Type 2 diabetes, diet and metformin');
    await user.click(screen.getByRole('button', { name: 'Remove medicine 1' }));

    await waitFor(() =>
      expect(calls.callsTo('PATCH /api/referrals/draft-1/').at(-1)?.body).toMatchObject({
        clinical_summary: {
          conditions: [{ text: 'Type 2 diabetes, diet and metformin', detail: null, date: '1 Jun 2015' }],
          medications: [],
          measurements: { weight_kg: 84.5, height_cm: 164 },
        },
      }),
    );
  });

  it('fills the receiver form’s empty BMI fields with the record’s weight and height, and saves them', async () => {
    const calls = recordApi();
    renderRoutes(routes, '/referrals/create/draft-1?step=2');

    await waitFor(() =>
      expect(calls.callsTo('PUT /api/referrals/draft-1/forms/').at(-1)?.body).toEqual({
        form: 'cardiology',
        fields: { weight: '84.5', height: '164' },
      }),
    );
    expect(await screen.findByLabelText<HTMLInputElement>('Weight (kg)')).toHaveProperty('value', '84.5');
  });
});
