import { canSeeImportQueue, hasSharedInboxAccess } from '@referrals/domain/people/access-rules';
import { attachmentLimitOf } from '@referrals/domain/referrals/forms/attachment-schemas';
import type { ManualReferralCreate } from '@referrals/domain/referrals/manual-referral-schemas';
import type { PatientWrite } from '@referrals/domain/patients/patient-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Transaction } from '../../../db/database.ts';
import { permissionDenied, validationFailed } from '../../../http/api-errors.ts';
import type { AuditActor } from '../../audit/record-audit.ts';
import { removeStoredFile } from '../../files/file-store.ts';
import type { Caller } from '../../tenancy/caller.ts';
import { prepareNewPatient } from '../manual/manual-referral-patient.ts';
import { manualReferrerOf } from '../manual/manual-referrer.ts';
import { recordOutsideReferral, type OutsideReferralFile } from '../manual/record-outside-referral.ts';
import { referralDetail, type ReferralRow } from '../referral-queries.ts';
import { referralEstablishmentOf } from '../referral-visibility.ts';
import type { FileStorage } from '../../files/storage.ts';

/** Sent when to_establishment names another establishment than the one the caller acts for. */
export const MANUAL_RECEIVER_NOT_YOURS =
  'A manual referral is recorded by the establishment that received it: the one you are acting for.';

/** What a MANUAL referral records, typed in or converted from an import item (manual-referral-schemas.ts). */
export type ManualReferralFields = Omit<ManualReferralCreate, 'type' | 'to_establishment'> & {
  to_establishment?: string | undefined;
};

/** One of the referral's files: stored before the transaction, recorded as a referrer attachment in it. */
export type ManualReferralFile = OutsideReferralFile & {
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
 * one transaction: the referrer outside the product (manual-referrer.ts), then what every referral from
 * outside records (record-outside-referral.ts: the patient chosen, matched or created, the referral
 * submitted to the caller's establishment, its files, the history and audit rows); and, when converted, the
 * import item's claim and completion. Nobody is notified: no one sent it in the product, and its receivers
 * recorded it themselves. A recorder without shared inbox access is made its assignee, or they could not see
 * what they recorded. `files` are stored beforehand; those stored for this referral are removed again when
 * the transaction fails.
 */
export async function createManualReferral(
  db: Database,
  options: {
    caller: Caller;
    actor: AuditActor;
    storage: FileStorage;
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
      const importItemId = options.importItem?.id ?? null;
      const row = await recordOutsideReferral(tx, {
        type: 'MANUAL',
        recorder: caller,
        actor: options.actor,
        establishmentId,
        patient: body.patient,
        newPatient,
        referrer: await manualReferrerOf(tx, { caller, establishmentId, typed: body.referrer }),
        assigneeId: hasSharedInboxAccess(caller.access) ? null : caller.userId,
        columns: {
          // The letter's own words, or none: the default message would put words in an outside referrer's mouth.
          referrer_message: text(body.referrer_message),
          manual_gp: text(body.manual_gp),
          manual_internal_note: text(body.manual_internal_note),
          import_item_id: importItemId,
        },
        files,
        detail: { import_item_id: importItemId },
      });
      await options.importItem?.complete(tx, row);
      return referralDetail(tx, caller, row);
    });
  } catch (error) {
    for (const file of files) {
      if (!file.fromImportItem) await removeStoredFile(options.storage, file.stored.name);
    }
    throw error;
  }
}
