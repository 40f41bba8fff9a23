import { describe, expect, it } from 'vitest';
import {
  consentFormAsked,
  downloadableKinds,
  reportRecipientOf,
  showsAppointment,
  showsReferrerContact,
  statusFor,
  submittedDates,
} from './external-access-rules.ts';
import { ExternalVerificationSchema, verificationOf } from './external-access-schemas.ts';

describe('what an access link shows each audience', () => {
  it('shows a sender what a referrer sees, and the patient’s side what the receiver shows the patient', () => {
    expect(reportRecipientOf('sender')).toBe('referrer');
    expect(reportRecipientOf('patient')).toBe('patient');
    expect(reportRecipientOf('shared')).toBe('patient');
    expect(showsAppointment('sender', false)).toBe(true);
    expect(showsAppointment('patient', false)).toBe(false);
    expect(showsAppointment('shared', true)).toBe(true);
    expect(showsReferrerContact('sender', true)).toBe(true);
    expect(showsReferrerContact('patient', true)).toBe(false);
    expect(showsReferrerContact('shared', false)).toBe(true);
    expect(downloadableKinds('patient')).toEqual(['patient']);
    expect(downloadableKinds('sender')).toContain('referrer');
    expect(statusFor('sender', 'RTRN')).toEqual({ value: 'RTRN', display: 'Returned' });
    expect(statusFor('patient', 'RTRN')).toEqual({ value: 'RTRN', display: 'Returned to your doctor' });
  });

  it('asks for a signed consent form on a referral sent through a portal only', () => {
    expect(consentFormAsked('EXTERNAL')).toBe(true);
    expect(consentFormAsked('IN-APP')).toBe(false);
    expect(consentFormAsked('MANUAL')).toBe(false);
  });

  it('dates a submission as Perth and Sydney do', () => {
    // 11:30 pm in Perth on 3 Nov is 2:30 am on 4 Nov in Sydney (daylight time).
    expect(submittedDates(new Date('2026-11-03T15:30:00Z'))).toEqual(['2026-11-03', '2026-11-04']);
    expect(submittedDates(new Date('2026-11-03T03:00:00Z'))).toEqual(['2026-11-03']);
  });
});

describe('the verification body', () => {
  const parse = (body: object) => ExternalVerificationSchema.safeParse(body);

  it('is the patient’s details, or the submitted date with the code', () => {
    const details = parse({ last_name: ' Whitfield ', dob: '1980-02-03', first_name: 'Olivia' });
    expect(details.success && verificationOf(details.data)).toEqual({
      method: 'patient_details',
      last_name: 'Whitfield',
      dob: '1980-02-03',
      first_name: 'Olivia',
    });
    const code = parse({ submitted_at: '2026-11-01', code: '123 456' });
    expect(code.success && verificationOf(code.data)).toEqual({
      method: 'submitted_at_code',
      submitted_at: '2026-11-01',
      code: '123456',
    });
  });

  it('names each missing field of the kind it is', () => {
    const empty = parse({});
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'dob',
      'first_name',
      'last_name',
    ]);
    const halfCode = parse({ code: '123456' });
    expect(halfCode.error?.issues.map((issue) => issue.path[0])).toEqual(['submitted_at']);
  });
});
