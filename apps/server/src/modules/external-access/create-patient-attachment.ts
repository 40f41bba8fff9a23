import type { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import {
  CONSENT_FORM_ACCEPT,
  CONSENT_FORM_ACCEPT_TEXT,
  CONSENT_FORM_FIELD,
} from '@referrals/domain/external-access/external-access-rules';
import type { ExternalAttachment } from '@referrals/domain/external-access/external-access-schemas';
import { acceptedAttachmentTypes } from '@referrals/domain/referrals/forms/attachment-types';
import type { Database, Transaction } from '../../db/database.ts';
import { referralAttachments } from '../../db/schema/referrals.ts';
import { notFound } from '../../http/api-errors.ts';
import { removeStoredFile, storeUpload } from '../files/file-store.ts';
import { checkAttachmentRoom, uploadRulesOf } from '../referrals/attachments/attachment-rules.ts';
import { uploadMeta } from '../referrals/attachments/create-referral-attachment.ts';
import { notifyLinkUpload } from '../notifications/create-notifications.ts';
import { recordReferralHistory } from '../referrals/referral-history.ts';
import { auditThroughLink } from './access-audit.ts';
import { lockReferral, openAccessSession, type AccessCall, type OpenLink } from './access-link-lookup.ts';
import type { FileStorage } from '../files/storage.ts';

export type PatientAttachmentRow = typeof referralAttachments.$inferSelect;

/** A referral's files that came back through its links: the signed consent forms, or the others. */
export function patientFiles(referralId: string, which: 'consent-forms' | 'own-files') {
  return and(
    eq(referralAttachments.referral_id, referralId),
    eq(referralAttachments.kind, 'patient'),
    which === 'consent-forms'
      ? eq(referralAttachments.field, CONSENT_FORM_FIELD)
      : isNull(referralAttachments.field),
  );
}

/** The API shape of a file that came back through a link. */
export function toExternalAttachment(row: PatientAttachmentRow): ExternalAttachment {
  return {
    id: row.id,
    kind: row.kind,
    original_name: row.original_name,
    content_type: row.content_type,
    size: row.size,
    note: row.note,
    is_consent_form: row.kind === 'patient' && row.field === CONSENT_FORM_FIELD,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * What an upload through a link may be: the referral attachments' rules (5 MB, the type read from the
 * bytes), the signed consent form narrowed to a PDF or an image.
 */
function uploadRules(consentForm: boolean) {
  const rules = uploadRulesOf(undefined);
  if (!consentForm) return rules;
  return {
    ...rules,
    accept: acceptedAttachmentTypes(CONSENT_FORM_ACCEPT),
    acceptText: CONSENT_FORM_ACCEPT_TEXT,
  };
}

/**
 * The session's link and the room for one more of the patient's files (section 9: 20 a list, the signed
 * consent forms among them), checked before the file is stored and again under the referral's lock. The
 * spec's form names the referral too: naming another is the 404 of a missing one.
 */
async function openForUpload(tx: Transaction, call: AccessCall, referralId: string | undefined) {
  const open = await openAccessSession(tx, call);
  if (referralId !== undefined && referralId !== open.referral.id) throw notFound();
  await lockReferral(tx, open.referral.id);
  await checkAttachmentRoom(tx, {
    referral: open.referral,
    kind: 'patient',
    field: null,
    fileField: undefined,
  });
  return open;
}

async function recordUpload(
  tx: Transaction,
  open: OpenLink,
  values: Omit<typeof referralAttachments.$inferInsert, 'referral_id' | 'kind'>,
): Promise<PatientAttachmentRow> {
  const [row] = await tx
    .insert(referralAttachments)
    .values({ ...values, referral_id: open.referral.id, kind: 'patient', uploaded_by_id: null })
    .returning();
  if (!row) throw new Error('attachment insert returned nothing');
  // Ids and kind only, as for any upload: a file name can name the patient.
  const detail = { kind: row.kind, attachment_id: row.id, field: row.field };
  await recordReferralHistory(tx, {
    referralId: open.referral.id,
    caller: null,
    action: 'attachment.create',
    from: open.referral.status,
    to: open.referral.status,
    detail: { ...detail, via: 'access-link', audience: open.audience },
  });
  await auditThroughLink(tx, open, { action: 'referral.attachment.create', detail });
  await notifyLinkUpload(tx, {
    referral: open.referral,
    attachmentId: row.id,
    consentForm: row.field === CONSENT_FORM_FIELD,
    audience: open.audience,
  });
  return row;
}

/**
 * PUT public/referrals/patient-attachments/?access= and PUT public/referrals/consent/?access=
 * (docs/external-access.md, Files): a file from the link's reader, with a session, stored as one of the
 * referral's `patient` attachments, which the receiver reads in the app and nobody there changes. Checked
 * before the file is read, stored under a generated name (a refused file leaves nothing
 * behind: 413 over 5 MB, 400 for a type it may not be), then checked again and recorded with its history
 * and audit rows in one transaction.
 */
export async function createPatientAttachment(
  db: Database,
  options: {
    call: AccessCall;
    storage: FileStorage;
    consentForm: boolean;
    file: Readable;
    filename: string;
    fields: Record<string, string>;
  },
): Promise<ExternalAttachment> {
  const { call } = options;
  const { note } = uploadMeta({ note: options.fields.note ?? '' });
  const referralId = options.fields.referral_id?.trim() || undefined;
  await db.transaction((tx) => openForUpload(tx, call, referralId));
  const stored = await storeUpload(options.storage, options.file, uploadRules(options.consentForm));
  try {
    const row = await db.transaction(async (tx) =>
      recordUpload(tx, await openForUpload(tx, call, referralId), {
        field: options.consentForm ? CONSENT_FORM_FIELD : null,
        note,
        original_name: options.filename.slice(0, 255) || 'attachment',
        stored_name: stored.name,
        content_type: stored.contentType,
        size: stored.size,
      }),
    );
    return toExternalAttachment(row);
  } catch (error) {
    await removeStoredFile(options.storage, stored.name);
    throw error;
  }
}
