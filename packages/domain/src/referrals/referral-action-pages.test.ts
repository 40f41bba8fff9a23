import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../api.ts';
import { REFERRAL_FLOW_PAGE_FIELDS, referralPageErrors } from './referral-action-pages.ts';
import { ForwardReferralSchema, RescheduleReferralSchema } from './referral-action-schemas.ts';

const REQUIRED = ['This field is required.'];

describe('the fields of each page (spec section 5 Server field errors mapped per page)', () => {
  it('lists the spec fields per page', () => {
    expect(REFERRAL_FLOW_PAGE_FIELDS.forward[0]).toEqual([
      'forwarded_to_establishment',
      'forwarded_assignee',
      'forwarded_message',
    ]);
    expect(REFERRAL_FLOW_PAGE_FIELDS.forward[1]).toEqual([
      'forwarded_reason',
      'other_forwarded_reason',
      'receiver_message',
    ]);
    expect(REFERRAL_FLOW_PAGE_FIELDS.reschedule[1]).toEqual([
      'receiver_email_notify_patient',
      'receiver_email_notify_referrer',
      'receiver_remember_email_notify_settings',
      'show_appointment_details',
    ]);
    expect(REFERRAL_FLOW_PAGE_FIELDS.recall).toEqual([
      ['recall_reason', 'other_recall_reason', 'recall_message'],
    ]);
    expect(REFERRAL_FLOW_PAGE_FIELDS.return).toEqual([
      ['return_reason', 'other_return_reason', 'receiver_message'],
    ]);
  });

  it('puts the triage assignee on page 1 and the appointment or waitlist on page 2', () => {
    expect(REFERRAL_FLOW_PAGE_FIELDS.triage[0]).toContain('assignee');
    expect(REFERRAL_FLOW_PAGE_FIELDS.triage[0]).toContain('triage_category');
    expect([...REFERRAL_FLOW_PAGE_FIELDS.triage[1]].sort()).toEqual(
      ['appointment_date', 'appointment_location', 'waitlist_notes', 'waitlist_period'].sort(),
    );
  });
});

describe('the errors that hold a page back', () => {
  it('lets forward page 1 move on while only page 2 fields are wrong', () => {
    const dryRun = ForwardReferralSchema.safeParse({
      forwarded_to_establishment: '0b7e6d5c-4a3b-4c2d-8e1f-9a8b7c6d5e4f',
      forwarded_no_named_specialist: true,
    });
    const errors = fieldErrorsFromIssues(dryRun.error?.issues ?? []);
    expect(referralPageErrors('forward', 1, errors)).toEqual({});
    expect(referralPageErrors('forward', 2, errors)).toEqual({ forwarded_reason: REQUIRED });
  });

  it('holds reschedule page 1 back for a missing date, and not page 2', () => {
    const dryRun = RescheduleReferralSchema.safeParse({ reschedule_reason: 'PATIENT_REQUEST' });
    const errors = fieldErrorsFromIssues(dryRun.error?.issues ?? []);
    expect(referralPageErrors('reschedule', 1, errors)).toEqual({ appointment_date: REQUIRED });
    expect(referralPageErrors('reschedule', 2, errors)).toEqual({});
  });

  it('shows errors about the whole input on every page', () => {
    const errors = { non_field_errors: ['Try again.'], triage_notes: ['Too long.'] };
    expect(referralPageErrors('triage', 2, errors)).toEqual({ non_field_errors: ['Try again.'] });
    expect(referralPageErrors('triage', 1, errors)).toEqual(errors);
  });

  it('refuses a page the flow does not have', () => {
    expect(() => referralPageErrors('recall', 2, {})).toThrow(RangeError);
    expect(() => referralPageErrors('forward', 0, {})).toThrow(RangeError);
  });
});
