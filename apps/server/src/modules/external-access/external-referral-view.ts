import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CONSENT_FORM_FIELD,
  consentFormAsked,
  downloadableKinds,
  reportRecipientOf,
  showsAppointment,
  showsReferrerContact,
  statusFor,
} from '@referrals/domain/external-access/external-access-rules';
import type {
  AccessAudience,
  ExternalAttachment,
  ExternalReferralView,
} from '@referrals/domain/external-access/external-access-schemas';
import { personName } from '@referrals/domain/people/person-name';
import {
  referralTypes,
  type ReferralStatus,
  type ReferralType,
} from '@referrals/domain/referrals/referral-codes';
import { queryRows, type Queryable } from '../../db/database.ts';
import { referralAttachments } from '../../db/schema/referrals.ts';
import { nameOf } from '../my-referrals/list-my-referrals.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';

type Shown = Exclude<ReferralStatus, 'DRFT'>;
type Row = {
  receiver: string | null;
  patient_first: string;
  patient_last: string;
  referrer_title: string | null;
  referrer_first: string | null;
  referrer_last: string | null;
  referrer_email: string | null;
  referrer_phone: string | null;
  sender: string | null;
  history: { at: string; status: Shown }[];
  attachments: (Omit<ExternalAttachment, 'is_consent_form'> & { field: string | null })[];
  reports: { id: string; title: string; submitted_at: string | null }[];
};

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * The files a reader may download: the lists their audience reads (downloadableKinds). One condition for
 * the view and the download, so a file never listed is never served.
 */
export function downloadableCondition(referralId: string, audience: AccessAudience) {
  return and(
    eq(referralAttachments.referral_id, referralId),
    inArray(referralAttachments.kind, [...downloadableKinds(audience)]),
  );
}

/**
 * The referral as a link shows it to `audience` (docs/external-access.md; the rules in domain's
 * external-access-rules.ts), read in one statement in the caller's transaction. The history is the
 * statuses the referral reached and when, never who acted or why: reasons are the clinic's words.
 */
export async function externalReferralView(
  q: Queryable,
  referral: ReferralRow,
  audience: AccessAudience,
): Promise<ExternalReferralView> {
  const recipient = JSON.stringify([{ type: reportRecipientOf(audience) }]);
  const [row] = await queryRows<Row>(
    q,
    sql`select coalesce(receiver.name, r.referral_receiver_establishment_practice_name) as receiver,
        p.first_name as patient_first, p.last_name as patient_last,
        referrer.title as referrer_title, referrer.first_name as referrer_first,
        referrer.last_name as referrer_last, referrer.email as referrer_email, referrer.phone as referrer_phone,
        sender.name as sender,
        coalesce((select json_agg(json_build_object('at', h.occurred_at, 'status', h.to_status)
            order by h.occurred_at, h.id)
          from referral_history h where h.referral_id = r.id and h.to_status <> 'DRFT'
            and h.to_status is distinct from h.from_status), '[]'::json) as history,
        coalesce((select json_agg(json_build_object('id', a.id, 'kind', a.kind,
            'original_name', a.original_name, 'content_type', a.content_type, 'size', a.size,
            'note', a.note, 'field', a.field, 'created_at', a.created_at) order by a.created_at, a.id)
          from ${referralAttachments} a where a.id in (select ${referralAttachments.id} from ${referralAttachments}
            where ${downloadableCondition(referral.id, audience)})), '[]'::json) as attachments,
        coalesce((select json_agg(json_build_object('id', rep.id, 'title', rep.title,
            'submitted_at', rep.submitted_at) order by rep.submitted_at, rep.id)
          from reports rep where rep.referral_id = r.id and rep.status <> 'DRFT'
            and rep.recipients @> ${recipient}::jsonb), '[]'::json) as reports
      from referrals r
      join patients p on p.id = r.patient_id
      left join establishments receiver on receiver.id = r.to_establishment_id
      left join establishments sender on sender.id = r.from_establishment_id
      left join users referrer on referrer.id = r.referrer_id
      where r.id = ${referral.id}`,
  );
  if (!row) throw new Error('the referral of an open access link has no patient');
  const withContact = showsReferrerContact(audience, referral.hide_referrer_contact_from_patient);
  const attachments = row.attachments.map(({ field, ...file }) => ({
    ...file,
    created_at: iso(file.created_at),
    is_consent_form: file.kind === 'patient' && field === CONSENT_FORM_FIELD,
  }));
  return {
    id: referral.id,
    audience,
    status: statusFor(audience, referral.status as Shown),
    type: { value: referral.type, display: referralTypes.display(referral.type as ReferralType) },
    submitted_at: referral.submitted_at?.toISOString() ?? null,
    receiver: row.receiver,
    // As every screen names a patient: without the title, which a record made from a form defaults to Dr.
    patient_name: `${row.patient_first} ${row.patient_last}`,
    referrer: referrerOf(row, referral, withContact),
    appointment:
      showsAppointment(audience, referral.show_appointment_details) && referral.appointment_date !== null
        ? { date: referral.appointment_date.toISOString(), location: referral.appointment_location }
        : null,
    history: row.history.map((entry) => ({ at: iso(entry.at), status: statusFor(audience, entry.status) })),
    attachments,
    reports: row.reports.map((report) => ({
      ...report,
      submitted_at: report.submitted_at === null ? null : iso(report.submitted_at),
    })),
    letter_available: withContact,
    consent: {
      asked: consentFormAsked(referral.type),
      signed_copy_uploaded: attachments.some((file) => file.is_consent_form),
    },
  };
}

/** The referrer: the product's user and practice, or the one recorded from outside (a portal's sender). */
function referrerOf(row: Row, referral: ReferralRow, withContact: boolean): ExternalReferralView['referrer'] {
  const manual = referral.manual_referrer;
  const contact = manual
    ? { email: manual.email ?? null, phone: manual.phone ?? null }
    : { email: row.referrer_email, phone: row.referrer_phone };
  return {
    name: manual ? personName(manual) : nameOf(row.referrer_title, row.referrer_first, row.referrer_last),
    practice: manual ? (manual.practice_name ?? null) : row.sender,
    email: withContact ? contact.email : null,
    phone: withContact ? contact.phone : null,
  };
}
