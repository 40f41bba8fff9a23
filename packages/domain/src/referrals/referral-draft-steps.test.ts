import { describe, expect, it } from 'vitest';
import { draftStepErrors, draftSteps, firstDraftStepWithErrors } from './referral-draft-steps.ts';

describe('draft steps (section 4 Draft creation steps)', () => {
  it('numbers the steps 0 to 5 without a medication order', () => {
    expect(draftSteps({ medicationOrder: false })).toEqual([
      'receiver',
      'patient',
      'forms',
      'attachments',
      'details',
      'renewal',
    ]);
  });

  it('puts the medication order after the forms and shifts the later steps down by one', () => {
    const steps = draftSteps({ medicationOrder: true });
    expect(steps.indexOf('medication_order')).toBe(3);
    expect(steps.indexOf('attachments')).toBe(4);
    expect(steps.indexOf('details')).toBe(5);
    expect(steps.indexOf('renewal')).toBe(6);
  });
});

describe('draft step errors (section 4 Draft creation steps)', () => {
  const errors = { patient: ['This field is required.'], referrer_message: ['This field is required.'] };
  const steps = draftSteps({ medicationOrder: true });

  it('sends a submit 400 to the first step that owns one of its fields', () => {
    expect(firstDraftStepWithErrors(steps, errors)).toBe('patient');
    expect(firstDraftStepWithErrors(steps, { to_establishment: ['x'], ...errors })).toBe('receiver');
    expect(firstDraftStepWithErrors(steps, { non_field_errors: ['x'] })).toBeNull();
  });

  it('sends a medication order’s errors to its page, when the draft has one', () => {
    const order = { medication_order: { category: ['This field is required.'] }, referrer_message: ['x'] };
    expect(firstDraftStepWithErrors(steps, order)).toBe('medication_order');
    expect(
      firstDraftStepWithErrors(draftSteps({ medicationOrder: false }), {
        medication_order: ['x'],
        referrer_message: ['x'],
      }),
    ).toBe('details');
  });

  it('keeps a step to its own fields and the non-field errors', () => {
    expect(draftStepErrors('details', { ...errors, non_field_errors: ['n'] })).toEqual({
      referrer_message: ['This field is required.'],
      non_field_errors: ['n'],
    });
  });
});
