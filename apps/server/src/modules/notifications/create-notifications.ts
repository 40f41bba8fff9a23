import { and, eq, or, sql } from 'drizzle-orm';
import { REFERRAL_STATUSES, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import type { ReferralLifecycleAction } from '@referrals/domain/referrals/referral-lifecycle';
import {
  MAX_SHARED_INBOX_RECIPIENTS,
  linkUploadNotification,
  PORTAL_SENDER,
  referralNotificationFor,
  type ReferralNotificationRule,
} from '@referrals/domain/notifications/referral-notifications';
import { REMINDERS, type ReminderKind } from '@referrals/domain/notifications/reminder-notifications';
import { REPORT_NOTIFICATIONS } from '@referrals/domain/notifications/report-notifications';
import { REPORT_STATUSES, type ReportStatus } from '@referrals/domain/reports/report-codes';
import type { ReportAction } from '@referrals/domain/reports/report-lifecycle';
import { personName } from '@referrals/domain/people/person-name';
import { queryRows, type Transaction } from '../../db/database.ts';
import { insertBuiltOnce } from '../../db/prepared-shapes.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { employments, users } from '../../db/schema/people.ts';
import type { referrals } from '../../db/schema/referrals.ts';
import type { reports } from '../../db/schema/reports.ts';
import { queueMail } from '../mail/mail-delivery.ts';
import type { Caller } from '../tenancy/caller.ts';
import { notificationEmail, referralPagePath, reportPagePath } from './notification-mail.ts';
import { notifyPatient } from './notify-patient.ts';

type ReferralRow = typeof referrals.$inferSelect;
type ReportRow = typeof reports.$inferSelect;

/**
 * The receiver side to notify: the assignee, or without one the receiving establishment's staff who see
 * its shared inbox (an approved employment with the grant, or a GP, section 6), at most a few so that a
 * large hospital department is not flooded.
 */
async function receiverRecipients(tx: Transaction, referral: ReferralRow): Promise<string[]> {
  if (referral.assignee_id) return [referral.assignee_id];
  if (!referral.to_establishment_id) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(employments)
    .innerJoin(users, eq(users.id, employments.user_id))
    .where(
      and(
        eq(employments.establishment_id, referral.to_establishment_id),
        eq(employments.status, 'APPROVED'),
        or(eq(employments.has_shared_inbox_access, true), eq(users.role, 'GP')),
      ),
    )
    .orderBy(employments.created_at, employments.id)
    .limit(MAX_SHARED_INBOX_RECIPIENTS);
  return rows.map((row) => row.id);
}

type PersonNameColumns = { title: string | null; first_name: string; last_name: string };

/**
 * What a notification names, read in one statement: the other establishment, the patient, the person who
 * acted, and each recipient's address and e-mail preferences.
 */
export async function notificationFacts(
  tx: Transaction,
  ids: { establishment: string | null; patient: string | null; actor: string | null; recipients: string[] },
) {
  const [row] = await queryRows<{
    establishment: string | null;
    patient: PersonNameColumns | null;
    actor: PersonNameColumns | null;
    recipients: {
      id: string;
      email: string;
      first_name: string;
      email_notifications: Record<string, boolean>;
    }[];
  }>(
    tx,
    sql`select
      (select name from establishments where id = ${ids.establishment}) as establishment,
      (select json_build_object('title', title, 'first_name', first_name, 'last_name', last_name)
        from patients where id = ${ids.patient}) as patient,
      (select json_build_object('title', title, 'first_name', first_name, 'last_name', last_name)
        from users where id = ${ids.actor}) as actor,
      (select coalesce(json_agg(json_build_object('id', id, 'email', email, 'first_name', first_name,
          'email_notifications', email_notifications)), '[]')
        from users where id in ${ids.recipients}) as recipients`,
  );
  if (!row) throw new Error('notification facts returned nothing');
  return row;
}

/**
 * Notifies the other side of a referral transition (referral-lifecycle.md Notifications), in the action's
 * transaction: the referrer when the receiver side acted, the assignee (or shared inbox staff) when the
 * sender side did; never the person who acted. Each recipient whose e-mail preference for the event is on
 * also gets a mail, queued in the same transaction, with a link and no patient data; and the patient one
 * when the referral's flags ask (notify-patient.ts). `caller` null: nobody in the product acted (an
 * EXTERNAL referral submitted through a public portal).
 */
export async function notifyReferralTransition(
  tx: Transaction,
  options: { referral: ReferralRow; action: ReferralLifecycleAction; caller: Caller | null },
): Promise<void> {
  const { referral, action, caller } = options;
  await notifyPatient(tx, { referral, action, caller });
  const rule = referralNotificationFor(action, { is_updated: referral.is_updated, type: referral.type });
  if (!rule) return;
  const toReceiver = rule.by === 'sender';
  const candidates = toReceiver
    ? await receiverRecipients(tx, referral)
    : referral.referrer_id
      ? [referral.referrer_id]
      : [];
  const status = referral.status as ReferralStatus;
  await notifyOtherSide(tx, {
    referral,
    caller,
    rule,
    recipientIds: candidates,
    scope: 'referral',
    action,
    subjectId: referral.id,
    details: {
      status: { value: status, display: REFERRAL_STATUSES[status] },
      is_forwarded: referral.is_forwarded,
      is_updated: referral.is_updated,
      is_renew_referral: referral.is_renew_referral,
    },
    link: referralPagePath(referral.id),
  });
}

/**
 * Tells the receiver side that a file came back through the referral's emailed link (a patient's file or
 * the signed consent form), in the upload's transaction: the assignee, or the shared inbox staff.
 */
export async function notifyLinkUpload(
  tx: Transaction,
  options: {
    referral: ReferralRow;
    attachmentId: string;
    consentForm: boolean;
    audience: 'sender' | 'patient' | 'shared';
  },
): Promise<void> {
  const { referral } = options;
  await notifyOtherSide(tx, {
    referral,
    caller: null,
    rule: linkUploadNotification(options),
    recipientIds: await receiverRecipients(tx, referral),
    scope: 'referral',
    action: options.consentForm ? 'consent.upload' : 'attachment.upload',
    subjectId: referral.id,
    details: { attachment_id: options.attachmentId, via: 'access-link' },
    link: referralPagePath(referral.id),
  });
}

/**
 * Notifies the other side of a clinical report's change (docs/reports.md Notifications), in the action's
 * transaction: the referrer of a report submitted, the author of a report opened or reviewed. A report
 * whose author asked to track it (`track_email_notification`) mails its author when it is opened, whatever
 * their preference.
 */
export async function notifyReportTransition(
  tx: Transaction,
  options: { referral: ReferralRow; report: ReportRow; action: ReportAction; caller: Caller },
): Promise<void> {
  const { referral, report, action, caller } = options;
  const rule = REPORT_NOTIFICATIONS[action];
  if (!rule) return;
  const recipient = rule.by === 'receiver' ? referral.referrer_id : report.author_id;
  const status = report.status as ReportStatus;
  await notifyOtherSide(tx, {
    referral,
    caller,
    rule,
    recipientIds: recipient ? [recipient] : [],
    scope: 'report',
    action,
    subjectId: report.id,
    details: { status: { value: status, display: REPORT_STATUSES[status] }, report_id: report.id },
    link: reportPagePath(referral.id, report.id),
    alwaysMail: action === 'view' && report.track_email_notification,
  });
}

/**
 * One notification per recipient about a referral (or something on it), never to the person who acted,
 * and a mail to each whose preference for it is on (or always, with `alwaysMail`). The sentence names the
 * establishment that acted; only the in-app one names the patient.
 */
async function notifyOtherSide(
  tx: Transaction,
  options: {
    referral: ReferralRow;
    caller: Caller | null;
    rule: ReferralNotificationRule;
    recipientIds: string[];
    scope: string;
    action: string;
    subjectId: string;
    details: Record<string, unknown>;
    link: string;
    alwaysMail?: boolean;
  },
): Promise<void> {
  const { referral, caller, rule } = options;
  const actorId = caller?.userId ?? null;
  const recipientIds = [...new Set(options.recipientIds)].filter((id) => id !== actorId);
  if (recipientIds.length === 0) return;
  // The side that acted is the other side's establishment; the notification belongs to the recipient's.
  const toReceiver = rule.by === 'sender';
  const facts = await notificationFacts(tx, {
    establishment: toReceiver ? referral.from_establishment_id : referral.to_establishment_id,
    patient: referral.patient_id,
    actor: actorId,
    recipients: recipientIds,
  });
  // An EXTERNAL referral comes from no establishment: its sender used the receiver's public portal.
  const who =
    facts.establishment ?? (referral.type === 'EXTERNAL' ? PORTAL_SENDER : 'The other establishment');
  const { patient, actor, recipients } = facts;
  const details = {
    ...options.details,
    actioned_by: { id: actorId, name: actor ? personName(actor) : '' },
    referral_id: referral.id,
    access: toReceiver ? 'receiver' : 'sender',
  };
  await insertBuiltOnce(
    tx,
    notifications,
    recipients.map((recipient) => ({
      user_id: recipient.id,
      establishment_id: toReceiver ? referral.to_establishment_id : referral.from_establishment_id,
      scope: options.scope,
      action: options.action,
      title: rule.title,
      text: rule.text(who, patient ? personName(patient) : null),
      subject_id: options.subjectId,
      subject_details: details,
    })),
  );
  const email = rule.email;
  for (const recipient of recipients) {
    const wanted =
      options.alwaysMail === true || (email !== null && recipient.email_notifications[email] === true);
    if (!wanted) continue;
    await queueMail(
      tx,
      notificationEmail({
        to: recipient.email,
        first_name: recipient.first_name,
        title: rule.title,
        sentence: rule.text(who, null),
        link: options.link,
        scope: options.scope,
      }),
    );
  }
}

/**
 * A daily reminder about a referral (REMINDERS in domain): the referrer, or the receiver side (the assignee,
 * or shared inbox staff), each notified in the app and mailed when their preference for it is on. Called in
 * the transaction that records the reminder as sent, so it goes once.
 */
export async function notifyReminder(
  tx: Transaction,
  options: { referral: ReferralRow; kind: ReminderKind },
): Promise<void> {
  const { referral } = options;
  const rule = REMINDERS[options.kind];
  const recipientIds =
    rule.to === 'receiver'
      ? await receiverRecipients(tx, referral)
      : referral.referrer_id
        ? [referral.referrer_id]
        : [];
  if (recipientIds.length === 0) return;
  const { patient, recipients } = await notificationFacts(tx, {
    establishment: null,
    patient: referral.patient_id,
    actor: null,
    recipients: recipientIds,
  });
  const status = referral.status as ReferralStatus;
  await insertBuiltOnce(
    tx,
    notifications,
    recipients.map((recipient) => ({
      user_id: recipient.id,
      establishment_id:
        rule.to === 'receiver' ? referral.to_establishment_id : referral.from_establishment_id,
      scope: 'referral',
      action: options.kind,
      title: rule.title,
      text: rule.text(patient ? personName(patient) : null),
      subject_id: referral.id,
      subject_details: {
        status: { value: status, display: REFERRAL_STATUSES[status] },
        referral_id: referral.id,
        access: rule.to,
      },
    })),
  );
  for (const recipient of recipients) {
    if (recipient.email_notifications[rule.email] !== true) continue;
    await queueMail(
      tx,
      notificationEmail({
        to: recipient.email,
        first_name: recipient.first_name,
        title: rule.title,
        sentence: rule.text(null),
        link: referralPagePath(referral.id),
        scope: 'referral',
      }),
    );
  }
}
