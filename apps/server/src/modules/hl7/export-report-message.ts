import type { ReportStatus } from '@referrals/domain/reports/report-codes';
import type { Database } from '../../db/database.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { referralEstablishmentOf } from '../referrals/referral-visibility.ts';
import { inVisibleReport, type ReportCall } from '../reports/report-call.ts';
import { printReportLetter, reportLetterOf } from '../reports/letter/read-report-letter.ts';
import { hl7PatientOf } from './hl7-patient.ts';
import { newControlId } from './referral-message.ts';
import { reportMessage } from './report-message.ts';
import type { FileStorage } from '../files/storage.ts';

/**
 * GET referrals/{id}/hl7/?mode=report&report_id=: a clinical report as an HL7 v2.5 ORU^R01 with its letter's
 * PDF, for whoever may see the report (the reach of its PDF: a draft only its author side, anyone else the
 * 404 of a missing report), audited as 'report.export' in the read's transaction.
 */
export async function exportReportMessage(
  db: Database,
  call: ReportCall & { storage: FileStorage },
): Promise<string> {
  const read = await inVisibleReport(db, call, async (tx, found) => {
    await recordAudit(tx, call.actor, {
      action: 'report.export',
      resourceType: 'report',
      resourceId: found.report.id,
      patientId: found.referral.patient_id,
      detail: { referral_id: found.referral.id, format: 'hl7v2' },
    });
    const rows = await reportLetterOf(tx, found);
    const { to_establishment: receiver } = rows.letter.referral;
    const patient = await hl7PatientOf(tx, found.referral, {
      readerEstablishmentId: referralEstablishmentOf(call.caller),
      receiver: { ...receiver, id: found.referral.to_establishment_id },
    });
    return { ...found, rows, patient };
  });
  const { report, referral, rows, patient } = read;
  const { letter } = rows;
  return reportMessage({
    controlId: newControlId(),
    at: new Date(letter.printed_at),
    report: {
      id: report.id,
      status: report.status as ReportStatus,
      title: report.title,
      submitted_at: report.submitted_at,
    },
    referral: { id: referral.id },
    patient,
    author: letter.author,
    authorPlace: { ...letter.author_establishment, id: report.author_establishment_id },
    referrer: letter.referral.referrer,
    referrerPlace: { ...letter.referral.from_establishment, id: referral.from_establishment_id },
    pdf: await printReportLetter(call.storage, rows),
  }).toString();
}
