import type { FormTemplate } from '@referrals/domain/referrals/forms/form-template-schemas';
import { describe, expect, it } from 'vitest';
import { formAnswerSections } from './form-answers';

const template: FormTemplate = {
  id: 't1',
  name: 'cardiology',
  title: 'Cardiology referral',
  tmsv: '1.1',
  position: 1,
  sections: [
    {
      title: 'History',
      fields: [
        {
          name: 'prior_echo',
          title: 'Prior echo',
          type: 'select',
          options: [{ value: 'yes', label: 'Yes, done' }, 'no'],
        },
        {
          name: 'echo_findings',
          title: 'Echo findings',
          type: 'text',
          visibility: { field: 'prior_echo', operator: 'equals', value: 'yes' },
        },
        { name: 'notes', title: 'Notes', type: 'textarea' },
      ],
    },
    {
      title: 'Sleep study',
      has_switch: true,
      fields: [
        { name: 'wants_sleep', title: 'Sleep study', type: 'switch', is_switch: true },
        { name: 'snoring', title: 'Snoring', type: 'checkbox' },
      ],
    },
  ],
};

describe('the read-only form on the referral page (spec section 4 Hidden form data)', () => {
  it('shows answered fields under their section, with option labels', () => {
    expect(formAnswerSections(template, { prior_echo: 'yes', echo_findings: 'Mild MR', notes: '' })).toEqual([
      {
        title: 'History',
        answers: [
          { name: 'prior_echo', title: 'Prior echo', value: 'Yes, done' },
          { name: 'echo_findings', title: 'Echo findings', value: 'Mild MR' },
        ],
      },
    ]);
  });

  it('leaves out hidden fields and switched-off sections even when a value lingers', () => {
    const sections = formAnswerSections(template, {
      prior_echo: 'no',
      echo_findings: 'stale',
      wants_sleep: false,
      snoring: true,
    });
    expect(sections).toEqual([
      { title: 'History', answers: [{ name: 'prior_echo', title: 'Prior echo', value: 'no' }] },
    ]);
    expect(formAnswerSections(template, { wants_sleep: true, snoring: true })).toEqual([
      { title: 'Sleep study', answers: [{ name: 'snoring', title: 'Snoring', value: 'Yes' }] },
    ]);
  });
});
