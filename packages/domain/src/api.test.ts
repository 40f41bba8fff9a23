import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from './api.ts';

describe('the 400 body built from validation issues (api-conventions.md)', () => {
  it('keys messages by field, and problems with the whole input as non_field_errors', () => {
    expect(
      fieldErrorsFromIssues([
        { path: ['first_name'], message: 'This field is required.' },
        { path: ['first_name'], message: 'Too long.' },
        { path: [], message: 'Invalid input.' },
      ]),
    ).toEqual({ first_name: ['This field is required.', 'Too long.'], non_field_errors: ['Invalid input.'] });
  });

  it('nests a list of records as a list of error objects, one per record', () => {
    expect(
      fieldErrorsFromIssues([{ path: ['carers', 1, 'email'], message: 'Enter a valid email.' }]),
    ).toEqual({
      carers: [{}, { email: ['Enter a valid email.'] }],
    });
  });

  it('keeps the message of a bad item in a list of plain values, keyed by its index', () => {
    expect(
      fieldErrorsFromIssues([{ path: ['provider_num_list', 1], message: 'Not a provider number.' }]),
    ).toEqual({
      provider_num_list: { '1': ['Not a provider number.'] },
    });
  });
});
