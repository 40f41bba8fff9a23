import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportStatus } from '@referrals/domain/reports/report-codes';
import type { Database, Transaction } from '../../../db/database.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { patients } from '../../../db/schema/patients.ts';
import { users } from '../../../db/schema/people.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { reportFiles, reports } from '../../../db/schema/reports.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { readStoredBytes } from '../../files/file-store.ts';
import { printableImage } from '../../referrals/letter/letter-image.ts';
import {
  letterEstablishmentColumns,
  manualLetterReferrer,
  toLetterEstablishment,
  toLetterPatient,
} from '../../referrals/read-letter-parts.ts';
import { inVisibleReport, type ReportCall, type VisibleReport } from '../report-call.ts';
import { renderReportLetter, type ReportLetter } from './report-letter.ts';
import type { FileStorage } from '../../files/storage.ts';

/** The letter's data but its images, and the stored names of those images. */
export type LetterRows = {
  letter: Omit<ReportLetter, 'logo' | 'signature_image'>;
  logo: string | null | undefined;
  signature: string | null;
};

const author = alias(users, 'author');
const referrer = alias(users, 'referrer');
const assignee = alias(users, 'assignee');
const writer = alias(establishments, 'writer');
const writerHospital = alias(establishments, 'writer_hospital');
const sender = alias(establishments, 'sender');
const senderHospital = alias(establishments, 'sender_hospital');
const receiver = alias(establishments, 'receiver');
const receiverHospital = alias(establishments, 'receiver_hospital');

const personColumns = (person: ReturnType<typeof alias<typeof users, string>>) => ({
  title: person.title,
  first_name: person.first_name,
  last_name: person.last_name,
  provider_number: person.default_provider_num,
  signature: person.signature,
});

/**
 * The people and places of a report's letter in one query, every one left-joined: a letter about a
 * report is read more often than it is written, and each round trip counts against its time.
 */
export async function reportLetterOf(
  tx: Transaction,
  { report, referral }: Pick<VisibleReport, 'report' | 'referral'>,
): Promise<LetterRows> {
  const [row] = await tx
    .select({
      patient: patients,
      author: personColumns(author),
      referrer: personColumns(referrer),
      assignee: personColumns(assignee),
      writer: letterEstablishmentColumns(writer, writerHospital),
      sender: letterEstablishmentColumns(sender, senderHospital),
      receiver: letterEstablishmentColumns(receiver, receiverHospital),
    })
    .from(reports)
    .innerJoin(referrals, eq(referrals.id, reports.referral_id))
    .leftJoin(patients, eq(patients.id, referrals.patient_id))
    .leftJoin(author, eq(author.id, reports.author_id))
    .leftJoin(referrer, eq(referrer.id, referrals.referrer_id))
    .leftJoin(assignee, eq(assignee.id, referrals.assignee_id))
    .leftJoin(writer, eq(writer.id, reports.author_establishment_id))
    .leftJoin(writerHospital, eq(writerHospital.id, writer.hospital_id))
    .leftJoin(sender, eq(sender.id, referrals.from_establishment_id))
    .leftJoin(senderHospital, eq(senderHospital.id, sender.hospital_id))
    .leftJoin(receiver, eq(receiver.id, referrals.to_establishment_id))
    .leftJoin(receiverHospital, eq(receiverHospital.id, receiver.hospital_id))
    .where(eq(reports.id, report.id));
  const files = await tx
    .select({ kind: reportFiles.kind, original_name: reportFiles.original_name })
    .from(reportFiles)
    .where(eq(reportFiles.report_id, report.id))
    .orderBy(asc(reportFiles.created_at), asc(reportFiles.id));
  const { branding_logo: logo, ...letterhead } = toLetterEstablishment(row?.writer, null);
  // A MANUAL referral's referrer has no account: the report goes back to the one its receiver recorded.
  const manual = manualLetterReferrer(referral);
  return {
    letter: {
      id: report.id,
      status: report.status as ReportStatus,
      title: report.title,
      report_body: report.report_body,
      submitted_at: report.submitted_at,
      author_establishment: letterhead,
      author: row?.author ?? { first_name: 'Unknown', last_name: 'author' },
      patient: toLetterPatient(row?.patient, referral),
      referral: {
        id: referral.id,
        submitted_at: referral.submitted_at,
        referrer: row?.referrer ?? manual?.person ?? null,
        from_establishment: toLetterEstablishment(row?.sender, manual?.practice ?? null),
        assignee: row?.assignee ?? null,
        to_establishment: toLetterEstablishment(
          row?.receiver,
          referral.referral_receiver_establishment_practice_name,
        ),
      },
      uploads: files.filter((file) => file.kind === 'upload'),
      attachments: files.filter((file) => file.kind === 'attachment'),
      printed_at: new Date(),
    },
    logo,
    signature: report.signature_image,
  };
}

/** A stored image a letter can print, or undefined when there is none, it is gone or it cannot print. */
export async function letterImage(
  storage: FileStorage,
  name: string | null | undefined,
): Promise<Buffer | undefined> {
  return printableImage(name ? await readStoredBytes(storage, name) : undefined);
}

/**
 * GET referrals/{id}/pdf/?mode=report&report_id=: a report's letter as a PDF, for whoever may see the
 * report (a draft only its referral's receiver side; anyone else the 404 of a missing report), audited as
 * 'report.letter' in the same transaction.
 */
export async function readReportLetter(
  db: Database,
  call: ReportCall & { storage: FileStorage },
): Promise<Buffer> {
  const rows = await inVisibleReport(db, call, async (tx, found) => {
    await recordAudit(tx, call.actor, {
      action: 'report.letter',
      resourceType: 'report',
      resourceId: found.report.id,
      patientId: found.referral.patient_id,
      detail: { referral_id: found.referral.id },
    });
    return reportLetterOf(tx, found);
  });
  return printReportLetter(call.storage, rows);
}

/**
 * The PDF of a report's letter read in a transaction (reportLetterOf), its logo and signature read after
 * it: one that is missing or cannot print leaves the letter without it.
 */
export async function printReportLetter(storage: FileStorage, rows: LetterRows): Promise<Buffer> {
  const [logo, signature] = await Promise.all([
    letterImage(storage, rows.logo),
    letterImage(storage, rows.signature),
  ]);
  return renderReportLetter({ ...rows.letter, logo, signature_image: signature });
}
