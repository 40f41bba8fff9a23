import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsFromIssues, type FieldErrors } from '../api.ts';
import {
  AcceptReferralSchema,
  ForwardReferralSchema,
  RecallReferralSchema,
  RenewReferralSchema,
  RescheduleDraftSchema,
  RescheduleReferralSchema,
  ReturnReferralSchema,
  ScheduleReferralSchema,
  ShareReferralSchema,
  WaitlistReferralSchema,
  triageActionOf,
} from './referral-action-schemas.ts';
import { RECEIVER_NOTIFICATION_FIELDS } from './referral-action-fields.ts';
import { forwardReasons, recallReasons, rescheduleReasons, returnReasons } from './referral-reason-codes.ts';

const REQUIRED = ['This field is required.'];
const ASSIGNEE = '6f1c2c4e-8d7a-4b4e-9a51-3f0b2d9e7c11';
const ESTABLISHMENT = '0b7e6d5c-4a3b-4c2d-8e1f-9a8b7c6d5e4f';
const APPOINTMENT = '2026-07-01T09:30:00+10:00';

/** The 400 body the server would answer for the input, or null when it is valid. */
function errorsOf(schema: z.ZodType, input: unknown): FieldErrors | null {
  const result = schema.safeParse(input);
  return result.success ? null : fieldErrorsFromIssues(result.error.issues);
}

describe('accept (triage)', () => {
  it('requires the assignee, however the form leaves it empty', () => {
    expect(errorsOf(AcceptReferralSchema, {})).toEqual({ assignee: REQUIRED });
    expect(errorsOf(AcceptReferralSchema, { assignee: '' })).toEqual({ assignee: REQUIRED });
    expect(errorsOf(AcceptReferralSchema, { assignee: null })).toEqual({ assignee: REQUIRED });
    expect(errorsOf(AcceptReferralSchema, { assignee: 'someone' })).toEqual({
      assignee: ['Select a valid choice.'],
    });
  });

  it('takes the triage fields, cleared ones as null', () => {
    const parsed = AcceptReferralSchema.parse({
      assignee: ASSIGNEE,
      triage_priority: 'URGENT',
      triage_category: 'CAT1',
      triage_waittime: ' 2 weeks ',
      triage_notes: '',
      triage_level_or_tier: null,
    });
    expect(parsed).toMatchObject({
      assignee: ASSIGNEE,
      triage_priority: 'URGENT',
      triage_category: 'CAT1',
      triage_waittime: '2 weeks',
      triage_notes: null,
      triage_level_or_tier: null,
      waitlist_period: null,
    });
  });

  it('refuses an id that is not one', () => {
    expect(errorsOf(ScheduleReferralSchema, { appointment_date: APPOINTMENT, assignee: 'x' })).toEqual({
      assignee: ['Select a valid choice.'],
    });
  });

  it('refuses an unknown category or service note and asks for the other service note', () => {
    expect(errorsOf(AcceptReferralSchema, { assignee: ASSIGNEE, triage_category: '4' })).toEqual({
      triage_category: ['Select a valid choice.'],
    });
    expect(errorsOf(AcceptReferralSchema, { assignee: ASSIGNEE, service_note: 'Clinic B' })).toEqual({
      service_note: ['Select a valid choice.'],
    });
    expect(
      errorsOf(AcceptReferralSchema, {
        assignee: ASSIGNEE,
        service_note: 'TELEHEALTH',
        service_note_other: '',
      }),
    ).toBeNull();
    expect(errorsOf(AcceptReferralSchema, { assignee: ASSIGNEE, service_note: 'OTHER' })).toEqual({
      service_note_other: REQUIRED,
    });
  });

  it('reports a missing assignee and a missing other note together', () => {
    expect(errorsOf(AcceptReferralSchema, { service_note: 'OTHER', service_note_other: ' ' })).toEqual({
      assignee: REQUIRED,
      service_note_other: REQUIRED,
    });
  });
});

describe('waitlist (accept with a waitlist period)', () => {
  it('requires the period and the assignee', () => {
    expect(errorsOf(WaitlistReferralSchema, { waitlist_notes: 'call in March' })).toEqual({
      assignee: REQUIRED,
      waitlist_period: REQUIRED,
    });
  });

  it('is what an accept body with a period asks for', () => {
    expect(triageActionOf({ waitlist_period: '3 months' })).toBe('waitlist');
    expect(triageActionOf({ waitlist_period: '' })).toBe('accept');
    expect(triageActionOf({ waitlist_period: null })).toBe('accept');
    expect(triageActionOf({})).toBe('accept');
  });
});

describe('schedule', () => {
  it('requires the appointment date', () => {
    expect(errorsOf(ScheduleReferralSchema, {})).toEqual({ appointment_date: REQUIRED });
    expect(errorsOf(ScheduleReferralSchema, { appointment_date: '' })).toEqual({
      appointment_date: REQUIRED,
    });
  });

  it('wants a date and time with its offset, within the date bounds', () => {
    expect(errorsOf(ScheduleReferralSchema, { appointment_date: '2026-07-01' })).toEqual({
      appointment_date: ['Enter a valid date and time.'],
    });
    expect(errorsOf(ScheduleReferralSchema, { appointment_date: '2026-07-01T09:30:00' })).toEqual({
      appointment_date: ['Enter a valid date and time.'],
    });
    expect(errorsOf(ScheduleReferralSchema, { appointment_date: '2101-01-01T09:30:00+11:00' })).toEqual({
      appointment_date: ['Enter a date from 1 Jan 1900 to 31 Dec 2100.'],
    });
    expect(ScheduleReferralSchema.parse({ appointment_date: APPOINTMENT })).toMatchObject({
      appointment_date: APPOINTMENT,
      appointment_location: null,
      assignee: null,
    });
  });
});

describe('reschedule', () => {
  it('requires the reason and the new date', () => {
    expect(errorsOf(RescheduleReferralSchema, {})).toEqual({
      reschedule_reason: REQUIRED,
      appointment_date: REQUIRED,
    });
  });

  it('requires the other text for OTHER, even while the date is missing', () => {
    expect(errorsOf(RescheduleReferralSchema, { reschedule_reason: 'OTHER' })).toEqual({
      other_reschedule_reason: REQUIRED,
      appointment_date: REQUIRED,
    });
    const valid = {
      reschedule_reason: 'OTHER',
      other_reschedule_reason: 'Flood',
      appointment_date: APPOINTMENT,
    };
    expect(errorsOf(RescheduleReferralSchema, valid)).toBeNull();
  });

  it('lets a draft be saved with nothing filled in', () => {
    expect(RescheduleDraftSchema.safeParse({}).success).toBe(true);
    expect(RescheduleDraftSchema.safeParse({ reschedule_reason: 'LATER' }).success).toBe(false);
  });
});

describe('return, recall', () => {
  it('requires the return reason, and its other text for OTHER', () => {
    expect(errorsOf(ReturnReferralSchema, { receiver_message: 'See notes' })).toEqual({
      return_reason: REQUIRED,
    });
    expect(errorsOf(ReturnReferralSchema, { return_reason: 'OTHER' })).toEqual({
      other_return_reason: REQUIRED,
    });
    expect(errorsOf(ReturnReferralSchema, { return_reason: 'DUPLICATE' })).toBeNull();
  });

  it('requires the recall reason, and its other text for OTHER', () => {
    expect(errorsOf(RecallReferralSchema, { recall_reason: '' })).toEqual({ recall_reason: REQUIRED });
    expect(errorsOf(RecallReferralSchema, { recall_reason: 'OTHER', other_recall_reason: '' })).toEqual({
      other_recall_reason: REQUIRED,
    });
    expect(errorsOf(RecallReferralSchema, { recall_reason: 'WRONG_PATIENT' })).toBeNull();
  });
});

describe('forward', () => {
  const reasoned = { forwarded_reason: 'CLOSER_TO_HOME' };

  it('requires the new receiver, a specialist or none, and the reason', () => {
    expect(errorsOf(ForwardReferralSchema, {})).toEqual({
      forwarded_to_establishment: REQUIRED,
      forwarded_assignee: REQUIRED,
      forwarded_reason: REQUIRED,
    });
  });

  it('takes no named specialist instead of an assignee, and drops an assignee sent with it', () => {
    const body = {
      ...reasoned,
      forwarded_to_establishment: ESTABLISHMENT,
      forwarded_no_named_specialist: true,
    };
    expect(errorsOf(ForwardReferralSchema, body)).toBeNull();
    expect(
      ForwardReferralSchema.parse({ ...body, forwarded_assignee: ASSIGNEE }).forwarded_assignee,
    ).toBeNull();
    const named = { ...reasoned, forwarded_to_establishment: ESTABLISHMENT, forwarded_assignee: ASSIGNEE };
    expect(ForwardReferralSchema.parse(named)).toMatchObject({
      forwarded_assignee: ASSIGNEE,
      forwarded_no_named_specialist: false,
    });
  });

  it('requires the other forwarding reason for OTHER', () => {
    const body = {
      forwarded_to_establishment: ESTABLISHMENT,
      forwarded_no_named_specialist: true,
      forwarded_reason: 'OTHER',
    };
    expect(errorsOf(ForwardReferralSchema, body)).toEqual({ other_forwarded_reason: REQUIRED });
  });
});

describe('renew', () => {
  it('requires the reason and takes an optional duration in months', () => {
    expect(errorsOf(RenewReferralSchema, {})).toEqual({ renewal_reason: REQUIRED });
    expect(RenewReferralSchema.parse({ renewal_reason: 'Ongoing care' }).renewal_duration).toBeNull();
    expect(RenewReferralSchema.parse({ renewal_reason: 'Ongoing care', renewal_duration: 3 })).toEqual({
      renewal_reason: 'Ongoing care',
      renewal_duration: 3,
    });
    for (const renewal_duration of [0, 61, 2.5, '3']) {
      expect(errorsOf(RenewReferralSchema, { renewal_reason: 'x', renewal_duration })).toEqual({
        renewal_duration: ['Enter a duration from 1 to 60 months.'],
      });
    }
  });
});

describe('share', () => {
  it('takes one establishment or one colleague', () => {
    expect(errorsOf(ShareReferralSchema, {})).toEqual({
      non_field_errors: ['Choose an establishment or a colleague.'],
    });
    expect(errorsOf(ShareReferralSchema, { establishment: ESTABLISHMENT, colleague: ASSIGNEE })).toEqual({
      non_field_errors: ['Choose an establishment or a colleague, not both.'],
    });
    expect(ShareReferralSchema.parse({ colleague: ASSIGNEE, establishment: '' })).toEqual({
      colleague: ASSIGNEE,
      establishment: null,
    });
  });
});

describe('reason code lists', () => {
  it('end each list with OTHER', () => {
    for (const list of [returnReasons, recallReasons, rescheduleReasons, forwardReasons]) {
      expect(list.codes.at(-1)).toBe('OTHER');
      expect(list.display('OTHER')).toBe('Other');
    }
  });
});

describe('notification fields', () => {
  it('are the ones the triage and reschedule bodies take', () => {
    const keys = Object.keys(
      RescheduleReferralSchema.parse({
        reschedule_reason: 'PATIENT_REQUEST',
        appointment_date: APPOINTMENT,
        receiver_email_notify_patient: true,
        receiver_email_notify_referrer: false,
        receiver_remember_email_notify_settings: true,
      }),
    );
    for (const field of RECEIVER_NOTIFICATION_FIELDS) expect(keys).toContain(field);
    expect(
      AcceptReferralSchema.parse({ assignee: ASSIGNEE, receiver_email_notify_patient: true }),
    ).toMatchObject({
      receiver_email_notify_patient: true,
    });
  });
});
