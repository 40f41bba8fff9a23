import type { Role } from '../people/people-codes.ts';
import { EMAIL_NOTIFICATION_FIELDS, type EmailNotificationField } from './profile-schemas.ts';

/**
 * The email notification flags a profile starts with when it gets its role; a flag a role does not list
 * is off. The spec gives defaults for PA only (section 5 Profile save: "PA role defaults:
 * email_my_referral off, email_urgent_referral on, email_my_report off").
 */
export const ROLE_NOTIFICATION_DEFAULTS: Readonly<
  Record<Role, Readonly<Partial<Record<EmailNotificationField, boolean>>>>
> = {
  GP: {},
  GPP: {},
  SP: {},
  SPT: {},
  PM: {},
  PA: { email_my_referral: false, email_urgent_referral: true, email_my_report: false },
};

/** Every email notification flag of a new profile with this role; without a role, all off. */
export function notificationDefaultsFor(
  role: Role | null | undefined,
): Record<EmailNotificationField, boolean> {
  const defaults = role == null ? {} : ROLE_NOTIFICATION_DEFAULTS[role];
  return Object.fromEntries(
    EMAIL_NOTIFICATION_FIELDS.map((field) => [field, defaults[field] === true]),
  ) as Record<EmailNotificationField, boolean>;
}
