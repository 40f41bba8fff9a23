import { referralDurationMonths, renewalDurationMonths } from '@referrals/domain/constants';
import { canSeeImportQueue, hasSharedInboxAccess } from '@referrals/domain/people/access-rules';
import { attachmentLimitOf } from '@referrals/domain/referrals/forms/attachment-schemas';
import type {
  ManualReferralCreate,
  ManualReferrer,
} from '@referrals/domain/referrals/manual-referral-schemas';
import { referralExpiresAt } from '@referrals/domain/referrals/referral-conditions';
import type { PatientWrite } from '@referrals/domain/patients/patient-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Transaction } from '../../../db/database.ts';
import { referralAttachments, referrals } from '../../../db/schema/referrals.ts';
import { permissionDenied, validationFailed } from '../../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../../audit/record-audit.ts';
import { removeStoredFile, type StoredFile } from '../../files/file-store.ts';
import type { Caller } from '../../tenancy/caller.ts';
import { manualReferralPatient, prepareNewPatient } from '../manual/manual-referral-patient.ts';
import { manualReferrerOf } from '../manual/manual-referrer.ts';
import { recordReferralHistory } from '../referral-history.ts';
import { referralDetail, type ReferralRow } from '../referral-queries.ts';
import { referralEstablishmentOf } from '../referral-visibility.ts';

/** Sent when to_establishment names another establishment than the one the caller acts for. */
export const MANUAL_RECEIVER_NOT_YOURS =
  'A manual referral is recorded by the establishment that received it: the one you are acting for.';

/** What a MANUAL referral records, typed in or converted from an import item (manual-referral-schemas.ts). */
export type ManualReferralFields = Omit<ManualReferralCreate, 'type' | 'to_establishment'> & {
  to_establishment?: string | undefined;
};

/** One of the referral's files: stored before the transaction, recorded as a referrer attachment in it. */
export type ManualReferralFile = {
  stored: StoredFile;
  originalName: string;
  /**
   * An import item's own file, which only changes owner in the transaction (the item's row stops naming
   * it): it stays the item's when the transaction rolls back. Any other file was stored for this referral
   * and is removed again then.
   */
  fromImportItem?: boolean;
};

/**
 * The import item a referral is converted from (import/convert/): claimed first in the referral's
 * transaction (its row locked and its lifecycle checked), and marked converted into the referral before
 * the transaction commits.
 */
export type ManualReferralImport = {
  id: string;
  claim(tx: Transaction): Promise<void>;
  complete(tx: Transaction, referral: ReferralRow): Promise<void>;
};

/** One file more than a referral's referrer attachments may be (section 9: 20), as its 400. */
export const tooManyReferrerAttachments = () => {
  const limit = attachmentLimitOf('referrer');
  return validationFailed({
    referrer_attachments: [`A referral can have at most ${String(limit)} referrer attachments.`],
  });
};

/**
 * What can be checked of a MANUAL referral before a file is stored or a transaction opened: the caller
 * takes referrals in (accept_referral, canSeeImportQueue; else 403) for the establishment they act for, the
 * receiver (a `to_establishment` naming another is a 400), and the letter's patient details pass the save
 * rules. Answers the receiving establishment and the prepared patient details.
 */
export function checkManualReferral(
  caller: Caller,
  body: Pick<ManualReferralFields, 'to_establishment' | 'new_patient'>,
): { establishmentId: string; newPatient: PatientWrite | null } {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null || !canSeeImportQueue(caller.access)) {
    throw permissionDenied();
  }
  if (body.to_establishment !== undefined && body.to_establishment !== establishmentId) {
    throw validationFailed({ to_establishment: [MANUAL_RECEIVER_NOT_YOURS] });
  }
  return { establishmentId, newPatient: body.new_patient ? prepareNewPatient(body.new_patient) : null };
}

/** Empty text as none. */
const text = (value: string | null | undefined) => (value ? value : null);

/**
 * POST referrals/ with type MANUAL, and POST import/{kind}/{id}/convert/ (docs/import-queue.md, MANUAL
 * referrals): a referral that reached the caller's establishment outside the product, recorded there. In
 * one transaction: the patient (chosen, matched or created: manual-referral-patient.ts, its row held before
 * the referral's insert), the referrer outside the product (manual-referrer.ts), the referral itself,
 * submitted to the caller's establishment with no sending establishment and no referrer user, unread in
 * the inbox New, valid for the referrer's duration (3 months from a specialist, else 12); the files as its
 * referrer attachments; one history row (created, straight to SBMT) and the audit row; and, when converted,
 * the import item's claim and completion. Nobody is notified: no one sent it in the product, and its
 * receivers recorded it themselves. A recorder without shared inbox access is made its assignee, or they
 * could not see what they recorded. `files` are stored beforehand; those stored for this referral are
 * removed again when the transaction fails.
 */
export async function createManualReferral(
  db: Database,
  options: {
    caller: Caller;
    actor: AuditActor;
    dataDir: string;
    body: ManualReferralFields;
    files: ManualReferralFile[];
    importItem?: ManualReferralImport;
  },
): Promise<Referral> {
  const { caller, body, files } = options;
  try {
    const { establishmentId, newPatient } = checkManualReferral(caller, body);
    if (files.length > attachmentLimitOf('referrer')) throw tooManyReferrerAttachments();
    return await db.transaction(async (tx) => {
      await options.importItem?.claim(tx);
      const patient = await manualReferralPatient(tx, {
        caller,
        actor: options.actor,
        establishmentId,
        patient: body.patient,
        newPatient,
      });
      const referrer = await manualReferrerOf(tx, { caller, establishmentId, typed: body.referrer });
      const row = await insertManualReferral(tx, {
        caller,
        establishmentId,
        patientId: patient.id,
        referrer,
        body,
        importItemId: options.importItem?.id ?? null,
      });
      const attachments = await insertReferrerAttachments(tx, { caller, referral: row, files });
      const detail = {
        type: 'MANUAL',
        patient_match: patient.match,
        import_item_id: options.importItem?.id ?? null,
        // Ids and kinds only, as for an upload: a file name can name the patient.
        attachments: attachments.map((id) => ({ attachment_id: id, kind: 'referrer' })),
      };
      await recordReferralHistory(tx, {
        referralId: row.id,
        caller,
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
      await options.importItem?.complete(tx, row);
      return referralDetail(tx, caller, row);
    });
  } catch (error) {
    for (const file of files) {
      if (!file.fromImportItem) await removeStoredFile(options.dataDir, file.stored.name);
    }
    throw error;
  }
}

/** The referral row of a MANUAL referral, submitted now to `establishmentId`. */
async function insertManualReferral(
  tx: Transaction,
  options: {
    caller: Caller;
    establishmentId: string;
    patientId: string;
    referrer: ManualReferrer;
    body: ManualReferralFields;
    importItemId: string | null;
  },
): Promise<ReferralRow> {
  const { caller, referrer, body } = options;
  const now = new Date();
  const duration = referralDurationMonths(referrer.role);
  const [row] = await tx
    .insert(referrals)
    .values({
      type: 'MANUAL',
      status: 'SBMT',
      patient_id: options.patientId,
      from_establishment_id: null,
      referrer_id: null,
      to_establishment_id: options.establishmentId,
      assignee_id: hasSharedInboxAccess(caller.access) ? null : caller.userId,
      manual_referrer: referrer,
      referrer_provider_num: referrer.provider_number ?? null,
      // The letter's own words, or none: the default message would put words in an outside referrer's mouth.
      referrer_message: text(body.referrer_message),
      manual_gp: text(body.manual_gp),
      manual_internal_note: text(body.manual_internal_note),
      import_item_id: options.importItemId,
      duration,
      renewal_duration: renewalDurationMonths(referrer.role),
      submitted_at: now,
      expires_at: referralExpiresAt(now, duration),
      receiver_unread: true,
    })
    .returning();
  if (!row) throw new Error('referral insert returned nothing');
  return row;
}

/**
 * The files as the referral's referrer attachments, in the order given. Rows written by one statement share
 * their created_at (the transaction's time), which the lists order by before the id: each is a millisecond
 * after the one before, so a letter's pages keep their order.
 */
async function insertReferrerAttachments(
  tx: Transaction,
  options: { caller: Caller; referral: ReferralRow; files: ManualReferralFile[] },
): Promise<string[]> {
  if (options.files.length === 0) return [];
  const start = Date.now();
  const rows = await tx
    .insert(referralAttachments)
    .values(
      options.files.map((file, index) => ({
        referral_id: options.referral.id,
        kind: 'referrer',
        original_name: file.originalName.slice(0, 255) || 'attachment',
        stored_name: file.stored.name,
        content_type: file.stored.contentType,
        size: file.stored.size,
        uploaded_by_id: options.caller.userId,
        created_at: new Date(start + index),
      })),
    )
    .returning({ id: referralAttachments.id });
  return rows.map((row) => row.id);
}
