import { sql } from 'drizzle-orm';
import { placeName } from '@referrals/domain/establishments/place-name';
import { PATIENT_NOTIFICATIONS } from '@referrals/domain/notifications/patient-notifications';
import { PATIENT_TEXTS } from '@referrals/domain/notifications/patient-texts';
import { australianMobileNumber } from '@referrals/domain/people/mobile-number';
import type { ReferralLifecycleAction } from '@referrals/domain/referrals/referral-lifecycle';
import { queryRows, type Transaction } from '../../db/database.ts';
import type { referrals } from '../../db/schema/referrals.ts';
import { issueReferralAccessLink } from '../access-links/issue-referral-access-link.ts';
import { queueMail } from '../mail/mail-delivery.ts';
import { renderMail } from '../mail/render-mail.ts';
import { queueSms } from '../sms/sms-delivery.ts';
import type { Caller } from '../tenancy/caller.ts';

type ReferralRow = typeof referrals.$inferSelect;

/**
 * Tells the patient about their referral, in the action's transaction, so that nothing is queued unless the
 * action commits: a mail when the referral's flags ask (PATIENT_NOTIFICATIONS in domain) and the patient has
 * an email address; a text message when the appointment is booked or moved (PATIENT_TEXTS), the receiving
 * establishment has sms_enabled (a department also through its hospital, section 3 Establishment) and the
 * patient's phone is an Australian mobile.
 */
export async function notifyPatient(
  tx: Transaction,
  options: { referral: ReferralRow; action: ReferralLifecycleAction; caller: Caller | null },
): Promise<void> {
  const { referral } = options;
  const mailRule = PATIENT_NOTIFICATIONS[options.action];
  const wantsMail = mailRule?.wanted(referral) === true;
  const text = PATIENT_TEXTS[options.action];
  if ((!wantsMail && !text) || referral.patient_id === null) return;
  const [facts] = await queryRows<{
    email: string | null;
    phone: string | null;
    first_name: string;
    sender: string | null;
    receiver: string | null;
    receiver_hospital: string | null;
    receiver_phone: string | null;
    receiver_state: string | null;
    receiver_sms_enabled: boolean | null;
  }>(
    tx,
    sql`select p.email, p.phone, p.first_name,
        (select name from establishments where id = ${referral.from_establishment_id}) as sender,
        r.name as receiver, h.name as receiver_hospital, coalesce(r.phone1, h.phone1) as receiver_phone,
        r.state as receiver_state, r.sms_enabled or coalesce(h.sms_enabled, false) as receiver_sms_enabled
      from patients p
      left join establishments r on r.id = ${referral.to_establishment_id}
      left join establishments h on h.id = r.hospital_id
      where p.id = ${referral.patient_id}`,
  );
  if (!facts) return;
  const appointment = {
    appointment_date: referral.appointment_date?.toISOString() ?? null,
    appointment_location: referral.appointment_location,
    show_appointment_details: referral.show_appointment_details,
    receiver_state: facts.receiver_state,
  };
  if (wantsMail && facts.email) {
    const lead = {
      subject: mailRule.subject,
      greeting: `Hello ${facts.first_name},`,
      paragraphs: mailRule.paragraphs({
        ...appointment,
        sender: facts.sender ?? 'Your doctor',
        receiver: facts.receiver ?? 'The clinic',
      }),
    };
    if (options.action === 'submit') {
      // The sent referral's mail carries the patient's own link to follow it (docs/external-access.md).
      await issueReferralAccessLink(tx, {
        referralId: referral.id,
        audience: 'patient',
        email: facts.email,
        actor: {
          actorId: options.caller?.userId ?? null,
          establishmentId: referral.from_establishment_id,
          ip: null,
          requestId: null,
        },
        lead,
      });
    } else {
      const { text: plain, html } = renderMail(lead);
      await queueMail(tx, { to: facts.email, subject: lead.subject, text: plain, html });
    }
  }
  const mobile = australianMobileNumber(facts.phone);
  if (text && facts.receiver_sms_enabled && facts.receiver && mobile) {
    const receiver = placeName({
      name: facts.receiver,
      hospital: facts.receiver_hospital ? { name: facts.receiver_hospital } : null,
    });
    await queueSms(tx, {
      to: mobile,
      body: text({ ...appointment, receiver, receiver_phone: facts.receiver_phone }),
    });
  }
}
