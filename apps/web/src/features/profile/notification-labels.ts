import type { EmailNotificationField } from '@referrals/domain/profile/profile-schemas';

/** What each email notification flag tells the user about (spec section 3 Profile / user). */
export const NOTIFICATION_LABELS: Readonly<Record<EmailNotificationField, string>> = {
  email_referral_viewed: 'A referral I sent is viewed',
  email_referral_accepted: 'A referral is accepted',
  email_referral_waitlisted: 'A referral I sent is waitlisted',
  email_referral_scheduled: 'An appointment is scheduled for a referral I sent',
  email_referral_returned: 'A referral I sent is returned',
  email_referral_renewal_due: 'A referral I sent is due for renewal',
  email_referral_received: 'A new referral is received',
  email_referral_appointment_due: 'An appointment is due',
  email_referral_pending_review: 'A referral is waiting for review',
  email_referral_pending_action: 'A referral is waiting for action',
  email_urgent_referral: 'An urgent referral is received',
  email_my_referral: 'A referral is assigned to me',
  email_my_report: 'A clinical report is assigned to me',
  email_sent_for_viewed_report: 'A clinical report I sent is viewed',
};
