import { describe, expect, it } from 'vitest';
import { firstPageWithErrors, flattenFieldErrors, hasErrorsOn, splitFieldErrors } from './form-errors';

describe('flattenFieldErrors', () => {
  it('keeps the first message per field and names nested ones with dotted paths', () => {
    expect(
      flattenFieldErrors({
        ahpra_num: ['Enter an AHPRA registration number.', 'second'],
        specialties: [{}, { practice: ['This field is required.'] }],
        address: { city: ['Too long.'] },
      }),
    ).toEqual({
      ahpra_num: 'Enter an AHPRA registration number.',
      'specialties.1.practice': 'This field is required.',
      'address.city': 'Too long.',
    });
  });
});

describe('splitFieldErrors', () => {
  it('puts messages of the page fields on them and returns the rest', () => {
    const result = splitFieldErrors(
      { phone: ['Bad phone.'], profession: ['This field is required'], specialties: [{ practice: ['x'] }] },
      ['phone', 'specialties'],
    );
    expect(result.onFields).toEqual({ phone: 'Bad phone.', 'specialties.0.practice': 'x' });
    expect(result.others).toEqual(['This field is required']);
  });

  it('tells whether any error concerns the page', () => {
    expect(hasErrorsOn({ profession: ['This field is required'] }, ['first_name'])).toBe(false);
    expect(hasErrorsOn({ first_name: ['This field is required.'] }, ['first_name'])).toBe(true);
  });
});

describe('firstPageWithErrors', () => {
  it('finds the first page showing one of the messages, and -1 when no page shows any', () => {
    const pages = [['reason', 'other_reason'], [], ['message']];
    expect(firstPageWithErrors({ message: ['Too long.'], reason: ['x'] }, pages)).toBe(0);
    expect(firstPageWithErrors({ message: ['Too long.'] }, pages)).toBe(2);
    expect(firstPageWithErrors({ non_field_errors: ['No.'] }, pages)).toBe(-1);
  });
});
