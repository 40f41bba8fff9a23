import { z } from 'zod';
import { CodedValueSchema, PageQuerySchema, pageOf } from '../api.ts';
import { ReferralSideSchema } from '../referrals/referral-schemas.ts';

/**
 * What a referral notification carries besides its text (section 3 Notification: subject_details), so the
 * list can show and link it without reading the referral. `access` is the recipient's side of the referral
 * (sender: outbox, receiver: inbox).
 */
export const ReferralNotificationDetailsSchema = z.object({
  status: CodedValueSchema,
  is_forwarded: z.boolean(),
  is_updated: z.boolean(),
  is_renew_referral: z.boolean(),
  /** Who acted; id null when nobody in the product did (a sender on a public portal). */
  actioned_by: z.object({ id: z.string().nullable(), name: z.string() }),
  referral_id: z.string(),
  access: ReferralSideSchema,
});
export type ReferralNotificationDetails = z.infer<typeof ReferralNotificationDetailsSchema>;

/** One notification of the caller (section 3 Notification). */
export const NotificationSchema = z.object({
  id: z.string(),
  scope: z.string(),
  action: z.string(),
  title: z.string(),
  text: z.string(),
  created_at: z.string(),
  viewed_at: z.string().nullable(),
  subject_id: z.string().nullable(),
  subject_details: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** A page of notifications, newest first, with how many of them are not yet viewed (section 7). */
export const NotificationPageSchema = pageOf(NotificationSchema).extend({
  unseen_count: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/**
 * GET notifications/ (section 7). within_establishment: 'true' keeps those about the caller's current
 * establishment, an establishment id those about that one; 'false' or absent, all. unseen_count counts
 * under the same filter.
 */
export const NotificationListQuerySchema = PageQuerySchema.extend({
  within_establishment: z.union([z.enum(['true', 'false']), z.uuid()]).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** The answer of mark-all-viewed: how many were marked, and what is left unseen (0). */
export const NotificationsMarkedSchema = z.object({
  marked: z.number().int(),
  unseen_count: z.number().int(),
});
export type NotificationsMarked = z.infer<typeof NotificationsMarkedSchema>;

/** The unread badge: the count up to 99, then '99+' (section 9 Notification badge cap). */
export function notificationBadge(unseen: number): string {
  if (unseen <= 0) return '';
  return unseen > 99 ? '99+' : String(unseen);
}
