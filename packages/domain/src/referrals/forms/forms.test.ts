import { describe, expect, it } from 'vitest';
import { applyFormAutofill, measurementFormValues } from './form-autofill.ts';
import { FormFieldSchema, type FormTemplateBody, maxFilesOf } from './form-template-schemas.ts';
import { formDataErrors, NOT_A_CHOICE, NOT_IN_FORM } from './form-validation.ts';
import {
  ALWAYS_VISIBLE_FIELD,
  clearHiddenFormData,
  hiddenFormFields,
  visibilityRuleHolds,
} from './form-visibility.ts';

const template: FormTemplateBody = {
  sections: [
    {
      title: 'Smoking',
      fields: [
        { name: 'smoker', type: 'select', options: ['yes', 'no'] },
        { name: 'packs', type: 'number', visibility: { field: 'smoker', operator: 'equals', value: 'yes' } },
        {
          name: 'history',
          type: 'checkbox',
          options: ['asthma', 'copd'],
          multiple: true,
          children: [{ name: 'copd_scan', type: 'file', max_files: 2 }],
          visibility: { field: 'smoker', operator: 'not-equals', value: 'no' },
        },
        {
          name: 'spirometry',
          type: 'file',
          visibility: { field: 'history', operator: 'includes', value: 'copd' },
        },
        {
          name: ALWAYS_VISIBLE_FIELD,
          type: 'checkbox',
          visibility: { field: 'smoker', operator: 'equals', value: 'never' },
        },
      ],
    },
    {
      title: 'Mental health',
      has_switch: true,
      tabs: [
        {
          title: 'IAR',
          fields: [
            { name: 'mh_on', type: 'switch', is_switch: true },
            { name: 'age_group', type: 'select', options: ['child', 'adolescent', 'adult', 'older-adult'] },
            { name: 'd1', type: 'select', options: ['0', '1', '2', '3', '4'] },
            { name: 'mh_letter', type: 'file' },
          ],
        },
      ],
    },
  ],
};

describe('form visibility rules (section 5 Attachments)', () => {
  it('supports equals, not-equals and includes, comparing numbers and strings alike', () => {
    expect(visibilityRuleHolds({ field: 'a', operator: 'equals', value: 2 }, { a: '2' })).toBe(true);
    expect(visibilityRuleHolds({ field: 'a', operator: 'not-equals', value: 'x' }, { a: 'x' })).toBe(false);
    expect(visibilityRuleHolds({ field: 'a', operator: 'includes', value: 'b' }, { a: ['a', 'b'] })).toBe(
      true,
    );
    expect(visibilityRuleHolds({ field: 'a', operator: 'includes', value: 'b' }, { a: ['a'] })).toBe(false);
    expect(visibilityRuleHolds({ field: 'a', operator: 'equals', value: 'x' }, {})).toBe(false);
  });

  it('hides a field whose rule fails, its children with it, never settings__show_hidden_fields', () => {
    const hidden = hiddenFormFields(template, { smoker: 'no', history: [] });
    expect([...hidden].sort()).toEqual(['copd_scan', 'history', 'packs', 'spirometry']);
    expect(hiddenFormFields(template, { smoker: 'yes', history: ['copd'] }).size).toBe(0);
  });
});

describe('clearing hidden form data (section 4 Hidden form data)', () => {
  it('clears hidden values to null and names the file fields whose files must go', () => {
    const { data, clearedFileFields } = clearHiddenFormData(template, {
      smoker: 'no',
      packs: 3,
      history: ['copd'],
      spirometry: ['a1'],
      mh_on: true,
      d1: '2',
    });
    expect(data).toMatchObject({ smoker: 'no', packs: null, history: null, spirometry: null, d1: '2' });
    expect(clearedFileFields.sort()).toEqual(['copd_scan', 'spirometry']);
  });

  it('clears every field of a switched-off section but the switch', () => {
    const { data, clearedFileFields } = clearHiddenFormData(template, {
      smoker: 'yes',
      history: ['copd'],
      mh_on: false,
      age_group: 'adult',
      d1: '2',
      mh_letter: ['b2'],
    });
    expect(data).toMatchObject({ mh_on: false, age_group: null, d1: null, mh_letter: null });
    expect(clearedFileFields).toEqual(['mh_letter']);
  });
});

describe('form autofill (section 5 BMI and mental-health helpers)', () => {
  const calc: FormTemplateBody = {
    sections: [
      {
        title: 'Measures',
        fields: [
          { name: 'weight', type: 'number' },
          { name: 'height', type: 'number' },
          {
            name: 'bmi',
            type: 'calculated',
            autofill: { formula: 'bmi', weight: 'weight', height: 'height' },
          },
          { name: 'age', type: 'select' },
          ...(['1', '2', '3', '4', '5', '6', '7', '8'] as const).map((n) => ({
            name: `d${n}`,
            type: 'select',
          })),
          {
            name: 'level',
            type: 'calculated',
            autofill: {
              formula: 'iar',
              age_group: 'age',
              ratings: { D1: 'd1', D2: 'd2', D3: 'd3', D4: 'd4', D5: 'd5', D6: 'd6', D7: 'd7', D8: 'd8' },
            },
          },
        ],
      },
    ],
  };
  const ratings = { d1: 0, d2: 1, d3: 0, d4: 1, d5: 0, d6: 0, d7: 1, d8: 0 };

  it('fills the BMI fields from a clinical record only where they are empty', () => {
    expect(measurementFormValues(calc, {}, { weight_kg: 84.5, height_cm: 164 })).toEqual({
      weight: '84.5',
      height: '164',
    });
    expect(measurementFormValues(calc, { weight: '80' }, { weight_kg: 84.5, height_cm: null })).toEqual({});
    expect(measurementFormValues({ sections: [] }, {}, { weight_kg: 84.5, height_cm: 164 })).toEqual({});
  });

  it('computes BMI to one decimal, NA when not numbers, whatever the client sent', () => {
    expect(applyFormAutofill(calc, { weight: '70', height: '175', bmi: '99' }).bmi).toBe('22.9');
    expect(applyFormAutofill(calc, { weight: 'heavy', height: '175' }).bmi).toBe('NA');
  });

  it('computes the IAR level, or the helper’s message when ratings are missing or the age group is bad', () => {
    expect(applyFormAutofill(calc, { age: 'adult', ...ratings }).level).toBe('Self Management (Level 1)');
    expect(applyFormAutofill(calc, { age: 'adult', ...ratings, d2: 4 }).level).toBe(
      'Acute and specialist community mental health services (Level 5)',
    );
    expect(applyFormAutofill(calc, { age: 'adult', d1: 1 }).level).toBe(
      'Incomplete ratings. Please ensure all dropdowns have been selected.',
    );
    expect(applyFormAutofill(calc, { age: 'toddler', ...ratings }).level).toBe(
      'ageGroup must be one of child, adolescent, adult or older-adult',
    );
  });
});

describe('form data against its template', () => {
  it('refuses unknown fields and choices not offered; accepts lists for multiple choices', () => {
    expect(formDataErrors(template, { smoker: 'maybe', nope: 1, history: ['copd'] })).toEqual({
      smoker: [NOT_A_CHOICE],
      nope: [NOT_IN_FORM],
    });
  });

  it('reads file fields with max_files defaulting to 1', () => {
    const field = FormFieldSchema.parse({ name: 'f', type: 'file' });
    expect(maxFilesOf(field)).toBe(1);
    expect(maxFilesOf({ max_files: 3 })).toBe(3);
  });
});
