import { sql } from 'drizzle-orm';
import { PATIENT_NOTIFICATIONS } from '@referrals/domain/notifications/patient-notifications';
import type { ReferralLifecycleAction } from '@referrals/domain/referrals/referral-lifecycle';
import { queryRows, type Transaction } from '../../db/database.ts';
import type { referrals } from '../../db/schema/referrals.ts';
import { queueMail } from '../mail/mail-delivery.ts';
import { renderMail } from '../mail/render-mail.ts';

type ReferralRow = typeof referrals.$inferSelect;

/**
 * Mails the patient about their referral when its flags ask (PATIENT_NOTIFICATIONS in domain), in the
 * action's transaction: queued only if the action commits. A patient without an email address gets none.
 */
export async function notifyPatient(
  tx: Transaction,
  options: { referral: ReferralRow; action: ReferralLifecycleAction },
): Promise<void> {
  const { referral } = options;
  const rule = PATIENT_NOTIFICATIONS[options.action];
  if (!rule || !rule.wanted(referral) || referral.patient_id === null) return;
  const [facts] = await queryRows<{
    email: string | null;
    first_name: string;
    sender: string | null;
    receiver: string | null;
    receiver_state: string | null;
  }>(
    tx,
    sql`select p.email, p.first_name,
        (select name from establishments where id = ${referral.from_establishment_id}) as sender,
        (select name from establishments where id = ${referral.to_establishment_id}) as receiver,
        (select state from establishments where id = ${referral.to_establishment_id}) as receiver_state
      from patients p where p.id = ${referral.patient_id}`,
  );
  if (!facts?.email) return;
  const { text, html } = renderMail({
    greeting: `Hello ${facts.first_name},`,
    paragraphs: rule.paragraphs({
      sender: facts.sender ?? 'Your doctor',
      receiver: facts.receiver ?? 'The clinic',
      appointment_date: referral.appointment_date?.toISOString() ?? null,
      appointment_location: referral.appointment_location,
      show_appointment_details: referral.show_appointment_details,
      receiver_state: facts.receiver_state,
    }),
  });
  await queueMail(tx, { to: facts.email, subject: rule.subject, text, html });
}
