import type { ReportAction } from '../reports/report-lifecycle.ts';
import type { ReferralNotificationRule } from './referral-notifications.ts';

const forPatient = (patient: string | null) => (patient ? ` for ${patient}` : '');

/**
 * The report actions that notify the other side (spec section 3 Notification; docs/reports.md): a report
 * submitted tells the referrer, its first opening and its review tell the author. `by` is the side of the
 * referral that acts. Editing, deleting a draft and marking under review by hand notify nobody.
 */
export const REPORT_NOTIFICATIONS: Readonly<Partial<Record<ReportAction, ReferralNotificationRule>>> = {
  submit: {
    by: 'receiver',
    title: 'New clinical report',
    text: (who, patient) => `${who} sent you a clinical report${forPatient(patient)}`,
    email: 'email_my_report',
  },
  view: {
    by: 'sender',
    title: 'Clinical report under review',
    text: (who, patient) => `${who} opened your clinical report${forPatient(patient)}`,
    email: 'email_sent_for_viewed_report',
  },
  review: {
    by: 'sender',
    title: 'Clinical report reviewed',
    text: (who, patient) => `${who} reviewed your clinical report${forPatient(patient)}`,
    email: 'email_my_report',
  },
};
