import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import { VERIFICATION_CODE_FORMAT_MESSAGE } from '@referrals/domain/referrals/verification-code';
import { describe, expect, it } from 'vitest';
import { EMPTY_VERIFICATION, verificationBodyOf } from './verification-body';

describe('the body a verification sends', () => {
  it('sends only the fields of the chosen way', () => {
    const values = {
      ...EMPTY_VERIFICATION,
      last_name: ' Whitfield ',
      dob: '1958-09-14',
      first_name: 'Grace',
      code: '123456',
    };
    expect(verificationBodyOf('patient_details', values)).toEqual({
      body: { last_name: 'Whitfield', dob: '1958-09-14', first_name: 'Grace' },
    });
    expect(
      verificationBodyOf('submitted_at_code', { ...values, submitted_at: '2026-03-02', code: '123 456' }),
    ).toEqual({ body: { submitted_at: '2026-03-02', code: '123 456' } });
  });

  it('names what is missing or wrong on the chosen way’s own fields', () => {
    expect(verificationBodyOf('patient_details', EMPTY_VERIFICATION)).toEqual({
      problems: { last_name: REQUIRED_MESSAGE, dob: REQUIRED_MESSAGE, first_name: REQUIRED_MESSAGE },
    });
    expect(verificationBodyOf('submitted_at_code', EMPTY_VERIFICATION)).toEqual({
      problems: { submitted_at: REQUIRED_MESSAGE, code: REQUIRED_MESSAGE },
    });
    expect(
      verificationBodyOf('submitted_at_code', {
        ...EMPTY_VERIFICATION,
        submitted_at: '2026-03-02',
        code: '12',
      }),
    ).toEqual({ problems: { code: VERIFICATION_CODE_FORMAT_MESSAGE } });
  });
});
