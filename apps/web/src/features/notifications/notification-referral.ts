import type { Notification } from '@referrals/domain/notifications/notification-schemas';
import { paths } from '@/lib/paths';

/**
 * The referral a notification is about (section 3 Notification): subject_details.referral_id, else the
 * subject itself; null for a notification about something else, which then opens nothing.
 */
export function notificationReferralId(notification: Notification): string | null {
  const fromDetails = notification.subject_details.referral_id;
  if (typeof fromDetails === 'string' && fromDetails !== '') return fromDetails;
  return notification.scope === 'referral' ? notification.subject_id : null;
}

/** Where a notification opens: its referral's page, at the case conference for a conference's news. */
export function notificationHref(notification: Notification): string | null {
  const referralId = notificationReferralId(notification);
  if (referralId === null) return null;
  return paths.referrals.detail.getHref(
    referralId,
    notification.scope === 'case_conference' ? { tab: 'conference' } : undefined,
  );
}
