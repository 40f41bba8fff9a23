import type { Readable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { REFERRAL_ATTACHMENT_LIMIT } from '@referrals/domain/constants';
import { PROFILE_IMAGE_TYPES } from '@referrals/domain/files/content-type';
import {
  acceptedAttachmentTypes,
  ATTACHMENT_SNIFF_BYTES,
  DEFAULT_ATTACHMENT_ACCEPT_TEXT,
  sniffAttachmentType,
} from '@referrals/domain/referrals/forms/attachment-types';
import type { Report, ReportFileKind } from '@referrals/domain/reports/report-schemas';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
import { reportFiles } from '../../db/schema/reports.ts';
import { validationFailed } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { removeStoredFile, storeUpload, withStoredFileCopies } from '../files/file-store.ts';
import { applyReportAction, checkReportAction } from './apply-report-action.ts';
import { inVisibleReport, type ReportCall, type VisibleReport } from './report-call.ts';
import { reportDetail } from './report-queries.ts';
import type { FileStorage } from '../files/storage.ts';

export const REPORT_ATTACHMENT_LIMIT_MESSAGE = `A report can have at most ${String(REFERRAL_ATTACHMENT_LIMIT)} attachments.`;
export const NO_PROFILE_SIGNATURE =
  'Your profile has no signature image: upload one here or in your profile.';

/** Only the author side changes a draft's files (report-lifecycle.ts update): 403 or 409 otherwise. */
const checkDraftWrite = (found: VisibleReport) => checkReportAction('update', found.report, found.side);

/** A report's files are its draft's content: changing one is an update of the report (a new version). */
async function touch(tx: Parameters<typeof applyReportAction>[0], call: ReportCall, found: VisibleReport) {
  return applyReportAction(tx, { call, found, action: 'update' });
}

/**
 * POST reports/{id}/upload/ and reports/{id}/attachments/ (section 7 Reports): a file of a draft, with the
 * referral attachments' rules (5 MB, the type read from its bytes, 20 attachments). The upload is the
 * report written elsewhere, one file: a new one replaces the last. The side and status are checked before
 * the file is read and again under the row lock; a refused upload leaves no file behind.
 */
export async function createReportFile(
  db: Database,
  options: ReportCall & { storage: FileStorage; kind: ReportFileKind; file: Readable; filename: string },
): Promise<Report> {
  const { kind } = options;
  await inVisibleReport(db, options, (_tx, found) => Promise.resolve(checkDraftWrite(found)));
  const stored = await storeUpload(options.storage, options.file, {
    accept: acceptedAttachmentTypes(undefined),
    acceptText: DEFAULT_ATTACHMENT_ACCEPT_TEXT,
    sniff: sniffAttachmentType,
    sniffBytes: ATTACHMENT_SNIFF_BYTES,
  });
  let replaced: string[] = [];
  try {
    const report = await inVisibleReport(db, { ...options, lock: true }, async (tx, found) => {
      checkDraftWrite(found);
      const mine = and(eq(reportFiles.report_id, found.report.id), eq(reportFiles.kind, kind));
      if (kind === 'upload') {
        const gone = await tx.delete(reportFiles).where(mine).returning({ name: reportFiles.stored_name });
        replaced = gone.map((f) => f.name);
      } else {
        const [held] = await tx.select({ n: count() }).from(reportFiles).where(mine);
        if ((held?.n ?? 0) >= REFERRAL_ATTACHMENT_LIMIT) {
          throw validationFailed({ non_field_errors: [REPORT_ATTACHMENT_LIMIT_MESSAGE] });
        }
      }
      const [file] = await tx
        .insert(reportFiles)
        .values({
          report_id: found.report.id,
          kind,
          original_name: options.filename.slice(0, 255) || kind,
          stored_name: stored.name,
          content_type: stored.contentType,
          size: stored.size,
          uploaded_by_id: options.caller.userId,
        })
        .returning({ id: reportFiles.id });
      // Ids and kind only: a file name can name the patient.
      await recordAudit(tx, options.actor, {
        action: `report.${kind}.create`,
        resourceType: 'report',
        resourceId: found.report.id,
        patientId: found.referral.patient_id,
        detail: { file_id: file?.id ?? null, replaced: replaced.length },
      });
      const row = await touch(tx, options, found);
      return reportDetail(tx, options.caller, row, found.referral, found.side);
    });
    for (const name of replaced) await removeStoredFile(options.storage, name);
    return report;
  } catch (error) {
    await removeStoredFile(options.storage, stored.name);
    throw error;
  }
}

/**
 * POST reports/{id}/signature/: the draft's signature image, uploaded (multipart, PNG, JPEG, GIF or WebP)
 * or copied from the author's profile (`file` absent). It replaces an earlier one.
 */
export async function saveReportSignature(
  db: Database,
  options: ReportCall & { storage: FileStorage; file?: Readable },
): Promise<Report> {
  await inVisibleReport(db, options, (_tx, found) => Promise.resolve(checkDraftWrite(found)));
  let previous: string | null = null;
  const saved = await withStoredFileCopies(options.storage, async (copy) => {
    const name = options.file
      ? (
          await storeUpload(options.storage, options.file, {
            accept: PROFILE_IMAGE_TYPES,
            acceptText: 'Upload a PNG, JPEG, GIF or WebP image.',
          })
        ).name
      : await copyProfileSignature(db, options.caller.userId, copy);
    try {
      return await inVisibleReport(db, { ...options, lock: true }, async (tx, found) => {
        checkDraftWrite(found);
        previous = found.report.signature_image;
        const row = await applyReportAction(tx, {
          call: options,
          found,
          action: 'update',
          changes: { signature_image: name },
        });
        await recordAudit(tx, options.actor, {
          action: 'report.signature.create',
          resourceType: 'report',
          resourceId: found.report.id,
          patientId: found.referral.patient_id,
          detail: { from_profile: options.file === undefined },
        });
        return reportDetail(tx, options.caller, row, found.referral, found.side);
      });
    } catch (error) {
      // An uploaded file is not a copy: it is removed here; a copy is removed by withStoredFileCopies.
      if (options.file) await removeStoredFile(options.storage, name);
      throw error;
    }
  });
  await removeStoredFile(options.storage, previous);
  return saved;
}

async function copyProfileSignature(
  db: Database,
  userId: string,
  copy: (name: string) => Promise<string | undefined>,
): Promise<string> {
  const [user] = await db
    .select({ signature_image: users.signature_image })
    .from(users)
    .where(eq(users.id, userId));
  const copied = user?.signature_image ? await copy(user.signature_image) : undefined;
  if (!copied) throw validationFailed({ file: [NO_PROFILE_SIGNATURE] });
  return copied;
}
