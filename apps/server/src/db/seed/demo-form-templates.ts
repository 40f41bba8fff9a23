import { z } from 'zod';
import { FormSectionSchema } from '@referrals/domain/referrals/forms/form-template-schemas';
import type { Queryable } from '../database.ts';
import { formTemplates } from '../schema/referrals.ts';

const RATINGS = ['0', '1', '2', '3', '4'];
const DOMAINS = ['D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8'] as const;

/**
 * The demo heart clinic's referral form (section 3 Form template): measurements with the BMI autofill,
 * a prior echo whose report upload shows only when there was one, and a switchable mental-health
 * section with the IAR autofill.
 */
export async function seedDemoFormTemplates(tx: Queryable, clinicId: string): Promise<void> {
  await tx.insert(formTemplates).values({
    establishment_id: clinicId,
    name: 'cardiology_referral',
    title: 'Cardiology referral',
    tmsv: '1.1',
    position: 0,
    // Parsed as the API will read it, so a slip in the sample fails the seed rather than hiding the form.
    sections: z.array(FormSectionSchema).parse([
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
      {
        title: 'Investigations',
        fields: [
          { name: 'prior_echo', title: 'Previous echocardiogram?', type: 'radio', options: ['yes', 'no'] },
          {
            name: 'echo_report',
            title: 'Echocardiogram report',
            type: 'file',
            max_files: 2,
            accept: ['application/pdf', 'image/*'],
            visibility: { field: 'prior_echo', operator: 'equals', value: 'yes' },
          },
          { name: 'ecg', title: 'ECG', type: 'file', accept: ['.pdf'] },
        ],
      },
      {
        title: 'Mental health',
        has_switch: true,
        fields: [
          {
            name: 'mental_health',
            title: 'Include a mental-health assessment',
            type: 'switch',
            is_switch: true,
          },
          {
            name: 'age_group',
            title: 'Age group',
            type: 'select',
            options: ['child', 'adolescent', 'adult', 'older-adult'],
          },
          ...DOMAINS.map((domain) => ({
            name: domain.toLowerCase(),
            title: `Domain ${domain.slice(1)}`,
            type: 'select',
            options: RATINGS,
          })),
          {
            name: 'iar_level',
            title: 'Suggested level of care',
            type: 'calculated',
            autofill: {
              formula: 'iar',
              age_group: 'age_group',
              ratings: Object.fromEntries(DOMAINS.map((domain) => [domain, domain.toLowerCase()])),
            },
          },
        ],
      },
    ]),
  });
}
