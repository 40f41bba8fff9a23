import { randomUUID } from 'node:crypto';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Transaction } from '../../../db/database.ts';
import { referralAttachments, referrals } from '../../../db/schema/referrals.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { withStoredFileCopies, type StoredFileCopier } from '../../files/file-store.ts';
import { notifyReferralTransition } from '../../notifications/create-notifications.ts';
import { attachmentCopiesOf, type CarriedAttachments } from '../attachments/attachment-copies.ts';
import type { ReferralCall } from '../referral-call.ts';
import { recordReferralHistory } from '../referral-history.ts';
import type { ReferralRow } from '../referral-queries.ts';
import { runReferralAction, type ReferralDryRun } from './referral-action-run.ts';
import type { FileStorage } from '../../files/storage.ts';

type ReferralInsert = typeof referrals.$inferInsert;

/**
 * What a new referral takes over from the one it comes from (clone, copy, renew, forward): the sender's
 * content (type, receiver, assignee, message, medication order, clinical summary, sender switches, receiver details; the forms
 * go with the attachments, below), never the receiver's triage, appointment, reasons or per-side state.
 */
function senderContentOf(source: ReferralRow): ReferralInsert {
  return {
    type: source.type,
    patient_id: source.patient_id,
    to_establishment_id: source.to_establishment_id,
    assignee_id: source.assignee_id,
    assignee_other: source.assignee_other,
    no_named_specialist: source.no_named_specialist,
    referrer_message: source.referrer_message,
    medication_order: source.medication_order,
    clinical_summary: source.clinical_summary,
    clinical_record: source.clinical_record,
    referrer_provider_num: source.referrer_provider_num,
    duration: source.duration,
    renewal_duration: source.renewal_duration,
    custom: source.custom,
    automatic_renewal: source.automatic_renewal,
    hide_referrer_contact_from_patient: source.hide_referrer_contact_from_patient,
    hide_referrer_contact_from_assignee: source.hide_referrer_contact_from_assignee,
    hide_referrer_contact_from_others: source.hide_referrer_contact_from_others,
    email_notify_referrer: source.email_notify_referrer,
    email_notify_patient: source.email_notify_patient,
    email_copy_to_patient: source.email_copy_to_patient,
    email_copy_to_referrer: source.email_copy_to_referrer,
    mrn: source.mrn,
    gen_number: source.gen_number,
    supervisor_name: source.supervisor_name,
    supervisor_provider_number: source.supervisor_provider_number,
    supervisor_email: source.supervisor_email,
    manual_gp: source.manual_gp,
    referral_receiver_establishment_address1: source.referral_receiver_establishment_address1,
    referral_receiver_establishment_city: source.referral_receiver_establishment_city,
    referral_receiver_establishment_email: source.referral_receiver_establishment_email,
    referral_receiver_establishment_phone1: source.referral_receiver_establishment_phone1,
    referral_receiver_establishment_postcode: source.referral_receiver_establishment_postcode,
    referral_receiver_establishment_practice_name: source.referral_receiver_establishment_practice_name,
    referral_receiver_establishment_department_name: source.referral_receiver_establishment_department_name,
    referral_receiver_establishment_state: source.referral_receiver_establishment_state,
    referral_receiver_establishment_type: source.referral_receiver_establishment_type,
    referral_receiver_first_name: source.referral_receiver_first_name,
    referral_receiver_last_name: source.referral_receiver_last_name,
    referral_receiver_title: source.referral_receiver_title,
  };
}

/**
 * runReferralAction for an action whose new referral takes over attachments (forward, renew), with the
 * copier of their files: the copies stay only when the transaction commits, not after an error or a dry
 * run, which rolls back as well.
 */
export function runSuccessorAction<T>(
  db: Database,
  call: ReferralCall & { validate?: boolean; storage: FileStorage },
  work: (
    tx: Transaction,
    referral: ReferralRow,
    side: ReferralSideOfCaller,
    copy: StoredFileCopier,
  ) => Promise<T>,
): Promise<T | ReferralDryRun> {
  return withStoredFileCopies(
    call.storage,
    (copy) => runReferralAction(db, call, (tx, referral, side) => work(tx, referral, side, copy)),
    () => call.validate !== true,
  );
}

/**
 * Inserts the referral an action creates from `source`, sent from the caller's establishment by the caller,
 * with copies of the `attachments` it takes over (none when not given; its form file fields point at the
 * copies), its own history ('created by' the action, naming the source and the copied attachments) and
 * audit rows, and, when it arrives submitted, the new receiver's notification, all in the action's
 * transaction.
 */
export async function insertSuccessorReferral(
  tx: Transaction,
  options: {
    call: ReferralCall;
    source: ReferralRow;
    action: 'clone' | 'copy' | 'renew' | 'forward';
    /** The caller's establishment, the new referral's sender. */
    fromEstablishmentId: string;
    changes: Partial<ReferralInsert> & { status: 'DRFT' | 'SBMT' };
    attachments?: CarriedAttachments;
  },
): Promise<ReferralRow> {
  const { call, source, changes } = options;
  const submitted = changes.status === 'SBMT';
  // The id is made here so the attachment copies, and the form fields naming them, can refer to it.
  const id = randomUUID();
  const copies = await attachmentCopiesOf(tx, { source, referralId: id, carried: options.attachments });
  const [row] = await tx
    .insert(referrals)
    .values({
      ...senderContentOf(source),
      ...changes,
      id,
      forms: copies.forms,
      from_establishment_id: options.fromEstablishmentId,
      referrer_id: call.caller.userId,
      receiver_unread: submitted,
    })
    .returning();
  if (!row) throw new Error('referral insert returned nothing');
  if (copies.rows.length > 0) await tx.insert(referralAttachments).values(copies.rows);
  // Ids and kinds only, as for an upload: a file name can name the patient.
  const detail = {
    source_referral_id: source.id,
    copied_attachments: copies.rows.map((copy) => ({ attachment_id: copy.id, kind: copy.kind })),
  };
  await recordReferralHistory(tx, {
    referralId: row.id,
    caller: call.caller,
    action: options.action,
    from: null,
    to: row.status,
    detail,
  });
  await recordAudit(tx, call.actor, {
    action: `referral.${options.action}.create`,
    resourceType: 'referral',
    resourceId: row.id,
    patientId: row.patient_id,
    detail,
  });
  if (submitted) await notifyReferralTransition(tx, { referral: row, action: 'submit', caller: call.caller });
  return row;
}
