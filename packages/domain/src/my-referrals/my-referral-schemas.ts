import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../api.ts';
import type { ReferralStatus } from '../referrals/referral-codes.ts';

/**
 * "My referrals": what a patient's own account sees of the referrals about them (docs/my-referrals.md).
 * Where each one is, in words for a patient rather than the clinic's status labels; a draft is not theirs
 * to see yet.
 */
export const PATIENT_REFERRAL_STATUS: Readonly<Record<Exclude<ReferralStatus, 'DRFT'>, string>> = {
  SBMT: 'Sent',
  UPDT: 'Sent again with changes',
  VWD: 'Being reviewed',
  ACPT: 'Accepted',
  WLST: 'On the waiting list',
  SCHDL: 'Appointment booked',
  RTRN: 'Returned to your doctor',
  FWRD: 'Passed on to another service',
};

/** The statuses a patient sees a referral in: every one but a draft. */
export const PATIENT_VISIBLE_STATUSES = Object.keys(PATIENT_REFERRAL_STATUS) as Exclude<
  ReferralStatus,
  'DRFT'
>[];

/** A clinical report addressed to the patient (its recipients include `patient`), once it is sent. */
export const MyReportSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  submitted_at: z.string().nullable(),
});

export const MyReferralSchema = z.object({
  id: z.string(),
  status: z.object({ value: z.string(), display: z.string() }),
  /** A question to the receiver's clinicians rather than a referral (ADVICE_AND_GUIDANCE). */
  is_advice_request: z.boolean(),
  /** Who it went to: the receiving establishment, or the receiver typed by hand for one not listed. */
  receiver: z.string().nullable(),
  /** The named specialist, when there is one. */
  specialist: z.string().nullable(),
  referrer: z.string().nullable(),
  referrer_establishment: z.string().nullable(),
  submitted_at: z.string().nullable(),
  /** The appointment, only when the receiver shows its details to the patient (show_appointment_details). */
  appointment: z.object({ date: z.string(), location: z.string().nullable() }).nullable(),
  reports: z.array(MyReportSummarySchema),
});
export type MyReferral = z.infer<typeof MyReferralSchema>;
export const MyReferralPageSchema = pageOf(MyReferralSchema);
export const MyReferralListQuerySchema = PageQuerySchema;

/** GET my/reports/{id}/: a report addressed to the patient, to read. */
export const MyReportSchema = MyReportSummarySchema.extend({
  referral_id: z.string(),
  /** Sanitised HTML, as the report's own readers get it. */
  report_body: z.string(),
  author: z.string().nullable(),
  establishment: z.string().nullable(),
});
export type MyReport = z.infer<typeof MyReportSchema>;
export const MyReportParamsSchema = z.object({ id: z.uuid() });
