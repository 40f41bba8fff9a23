import { describe, expect, it } from 'vitest';
import { draftStepErrors, firstDraftStepWithErrors } from './referral-draft-steps.ts';

describe('draft step errors (section 4 Draft creation steps)', () => {
  const errors = { patient: ['This field is required.'], referrer_message: ['This field is required.'] };

  it('sends a submit 400 to the first step that owns one of its fields', () => {
    expect(firstDraftStepWithErrors(errors)).toBe(1);
    expect(firstDraftStepWithErrors({ to_establishment: ['x'], ...errors })).toBe(0);
    expect(firstDraftStepWithErrors({ non_field_errors: ['x'] })).toBeNull();
  });

  it('keeps a step to its own fields and the non-field errors', () => {
    expect(draftStepErrors(4, { ...errors, non_field_errors: ['n'] })).toEqual({
      referrer_message: ['This field is required.'],
      non_field_errors: ['n'],
    });
  });
});
