import { referralDurationMonths, renewalDurationMonths } from '@referrals/domain/constants';
import type { PatientWrite } from '@referrals/domain/patients/patient-schemas';
import type { ManualReferrer } from '@referrals/domain/referrals/manual-referral-schemas';
import { referralExpiresAt } from '@referrals/domain/referrals/referral-conditions';
import type { Transaction } from '../../../db/database.ts';
import { referralAttachments, referrals } from '../../../db/schema/referrals.ts';
import { recordAudit, type AuditActor } from '../../audit/record-audit.ts';
import type { StoredFile } from '../../files/file-store.ts';
import type { Caller } from '../../tenancy/caller.ts';
import { recordReferralHistory } from '../referral-history.ts';
import type { ReferralRow } from '../referral-queries.ts';
import { manualReferralPatient } from './manual-referral-patient.ts';

/**
 * One of the referral's files, stored beforehand, recorded as a referrer attachment (of a form field).
 * `id` keeps the id the file had where it comes from (a portal draft's, which its forms' file fields name).
 */
export type OutsideReferralFile = {
  id?: string;
  stored: StoredFile;
  originalName: string;
  field?: string | null;
};

/** The referral's own columns the recorder sets, as the letter or the portal's form gave them. */
type OutsideReferralColumns = Pick<
  typeof referrals.$inferInsert,
  'referrer_message' | 'manual_gp' | 'manual_internal_note' | 'import_item_id' | 'forms'
>;

/**
 * The recording shared by the referrals that reach an establishment from outside the product (MANUAL:
 * typed in or converted by its staff; EXTERNAL: sent through its public portal), in the caller's
 * transaction: the patient (chosen, matched or created at the establishment, and held:
 * manual-referral-patient.ts), the referral, submitted now to `establishmentId` with no sending
 * establishment and no referrer user, its referrer outside the product in `manual_referrer`, unread in
 * the inbox New, valid for the referrer's duration (3 months from a specialist, else 12); the files as its
 * referrer attachments in order; one history row (created, straight to SBMT) and the audit row. Who may
 * record, who is told and what happens to the files on failure stay with each caller.
 */
export async function recordOutsideReferral(
  tx: Transaction,
  options: {
    type: 'MANUAL' | 'EXTERNAL';
    /** Who records it: a member of the receiving staff, or null for a sender on a public portal. */
    recorder: Caller | null;
    actor: AuditActor;
    establishmentId: string;
    /** A patient record chosen by the recorder, or the details to match or create (`newPatient`). */
    patient?: string | null | undefined;
    newPatient: PatientWrite | null;
    referrer: ManualReferrer;
    assigneeId: string | null;
    columns: OutsideReferralColumns;
    files: OutsideReferralFile[];
    /** Facts for the history and audit rows besides the type, the patient match and the files: no patient data. */
    detail?: Record<string, unknown>;
  },
): Promise<ReferralRow> {
  const { establishmentId, referrer } = options;
  const patient = await manualReferralPatient(tx, {
    actor: options.actor,
    establishmentId,
    patient: options.patient,
    newPatient: options.newPatient,
  });
  const now = new Date();
  const duration = referralDurationMonths(referrer.role);
  const [row] = await tx
    .insert(referrals)
    .values({
      ...options.columns,
      type: options.type,
      status: 'SBMT',
      patient_id: patient.id,
      from_establishment_id: null,
      referrer_id: null,
      to_establishment_id: establishmentId,
      assignee_id: options.assigneeId,
      manual_referrer: referrer,
      referrer_provider_num: referrer.provider_number ?? null,
      duration,
      renewal_duration: renewalDurationMonths(referrer.role),
      submitted_at: now,
      expires_at: referralExpiresAt(now, duration),
      receiver_unread: true,
    })
    .returning();
  if (!row) throw new Error('referral insert returned nothing');
  const attachments = await insertReferrerAttachments(tx, {
    referral: row,
    files: options.files,
    uploadedBy: options.recorder?.userId ?? null,
  });
  const detail = {
    type: options.type,
    ...options.detail,
    patient_match: patient.match,
    // Ids and kinds only, as for an upload: a file name can name the patient.
    attachments: attachments.map((id) => ({ attachment_id: id, kind: 'referrer' })),
  };
  await recordReferralHistory(tx, {
    referralId: row.id,
    caller: options.recorder,
    action: 'create',
    from: null,
    to: 'SBMT',
    detail,
  });
  await recordAudit(tx, options.actor, {
    action: 'referral.create',
    resourceType: 'referral',
    resourceId: row.id,
    patientId: row.patient_id,
    detail,
  });
  return row;
}

/**
 * The files as the referral's referrer attachments, in the order given. Rows written by one statement share
 * their created_at (the transaction's time), which the lists order by before the id: each is a millisecond
 * after the one before, so a letter's pages keep their order.
 */
async function insertReferrerAttachments(
  tx: Transaction,
  options: { referral: ReferralRow; files: OutsideReferralFile[]; uploadedBy: string | null },
): Promise<string[]> {
  if (options.files.length === 0) return [];
  const start = Date.now();
  const rows = await tx
    .insert(referralAttachments)
    .values(
      options.files.map((file, index) => ({
        ...(file.id ? { id: file.id } : {}),
        referral_id: options.referral.id,
        kind: 'referrer',
        field: file.field ?? null,
        original_name: file.originalName.slice(0, 255) || 'attachment',
        stored_name: file.stored.name,
        content_type: file.stored.contentType,
        size: file.stored.size,
        uploaded_by_id: options.uploadedBy,
        created_at: new Date(start + index),
      })),
    )
    .returning({ id: referralAttachments.id });
  return rows.map((row) => row.id);
}
