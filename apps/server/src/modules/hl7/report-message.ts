import { Hl7Message } from '@medplum/core';
import type { ReportStatus } from '@referrals/domain/reports/report-codes';
import { CONSULT_NOTE, OUR_APPLICATION, resultStatus } from './hl7-codes.ts';
import { ER7, hl7Instant, hl7Segment } from './hl7-fields.ts';
import {
  pidSegment,
  providerNdl,
  providerXcn,
  type Hl7Patient,
  type Hl7Person,
  type Hl7Place,
} from './hl7-parties.ts';
import { ourHeader, pdfObservation } from './referral-message.ts';

export type ReportMessageData = {
  controlId: string;
  at: Date;
  report: { id: string; status: ReportStatus; title: string; submitted_at: Date | null };
  referral: { id: string };
  patient: Hl7Patient;
  author: Hl7Person;
  /** The establishment that wrote the report: the referral's receiver. */
  authorPlace: Hl7Place;
  /** Whom the report goes back to: the referral's referrer, at their practice. */
  referrer: Hl7Person | null;
  referrerPlace: Hl7Place;
  /** The report's letter, as GET referrals/{id}/pdf/?mode=report answers it. */
  pdf: Buffer;
};

/**
 * A clinical report as HL7 v2.5 ORU^R01 (docs/interop.md, HL7 v2): MSH from the author's establishment to
 * the referrer's, the patient (PID), the order it answers (ORC and OBR: the referral as placer, the report
 * as filler, the referrer as ordering provider, the author as principal result interpreter) and the
 * report's letter as a PDF in an OBX.
 */
export function reportMessage(data: ReportMessageData): Hl7Message {
  const { report, referral } = data;
  const status = resultStatus(report.status);
  const placer = [referral.id, OUR_APPLICATION];
  const filler = [report.id, OUR_APPLICATION];
  const orderedBy = data.referrer ? providerXcn(data.referrer) : null;
  return new Hl7Message(
    [
      ourHeader({
        from: data.authorPlace,
        to: data.referrerPlace,
        type: ['ORU', 'R01', 'ORU_R01'],
        controlId: data.controlId,
        at: data.at,
      }),
      pidSegment(data.patient),
      hl7Segment('ORC', ['RE', placer, filler, ...Array<null>(8).fill(null), orderedBy]),
      hl7Segment('OBR', [
        '1',
        placer,
        filler,
        // The report's own title as the code's original text (CWE-9).
        [...CONSULT_NOTE, null, null, null, null, null, report.title],
        null,
        null,
        hl7Instant(report.submitted_at),
        ...Array<null>(8).fill(null),
        orderedBy,
        ...Array<null>(5).fill(null),
        hl7Instant(report.submitted_at),
        null,
        null,
        status,
        ...Array<null>(6).fill(null),
        providerNdl(data.author),
      ]),
      pdfObservation(data.pdf, status, report.submitted_at),
    ],
    ER7,
  );
}
