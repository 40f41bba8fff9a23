import type { Notification } from '@referrals/domain/notifications/notification-schemas';

/**
 * The referral a notification is about (section 3 Notification): subject_details.referral_id, else the
 * subject itself; null for a notification about something else, which then opens nothing.
 */
export function notificationReferralId(notification: Notification): string | null {
  const fromDetails = notification.subject_details.referral_id;
  if (typeof fromDetails === 'string' && fromDetails !== '') return fromDetails;
  return notification.scope === 'referral' ? notification.subject_id : null;
}
