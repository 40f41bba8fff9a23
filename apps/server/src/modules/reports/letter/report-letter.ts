import type { Instant } from '@referrals/domain/dates';
import { personName } from '@referrals/domain/people/person-name';
import { REPORT_STATUSES, type ReportStatus } from '@referrals/domain/reports/report-codes';
import {
  addressPanels,
  detailStrip,
  fileList,
  letterHeader,
  signOff,
} from '../../referrals/letter/letter-blocks.ts';
import type {
  LetterAttachment,
  LetterEstablishment,
  LetterPatient,
  LetterPerson,
} from '../../referrals/letter/letter-data.ts';
import { renderLetter } from '../../referrals/letter/letter-document.ts';
import type { LetterLayout } from '../../referrals/letter/letter-layout.ts';
import { joinPresent, letterDate, present } from '../../referrals/letter/letter-text.ts';
import { drawReportBody } from './draw-report-body.ts';
import { reportBodyBlocks } from './report-body-blocks.ts';

// A clinical report's letter (GET referrals/{id}/pdf/?mode=report&report_id=): the author's establishment
// writing back to the referrer about the patient, with the report's title and body, its files and the
// author's signature, on the referral letter's page and blocks (referrals/letter/). The caller gathers the
// data, already checked as visible to the reader. Nothing here logs: every string in it is patient data.

/** Everything a report's letter shows (section 3 Report), as plain data. */
export interface ReportLetter {
  id: string;
  status: ReportStatus;
  title: string;
  /** The stored body: HTML with the editor's marks only (report-html.ts). */
  report_body: string;
  /** Null for a draft. */
  submitted_at: Instant | null;
  /** The referral's receiver, who writes the report: its letterhead. */
  author_establishment: LetterEstablishment;
  /** Its branding logo, already checked with printableImage; none prints the name alone. */
  logo?: Buffer | null;
  author: LetterPerson & { provider_number?: string | null; signature?: string | null };
  /** The report's signature image, already checked with printableImage. */
  signature_image?: Buffer | null;
  patient: LetterPatient;
  /** The referral the report answers. */
  referral: {
    id: string;
    submitted_at: Instant | null;
    referrer: LetterPerson | null;
    from_establishment: LetterEstablishment;
    assignee: LetterPerson | null;
    to_establishment: LetterEstablishment;
  };
  /** The report written elsewhere (at most one) and the supporting files. */
  uploads: LetterAttachment[];
  attachments: LetterAttachment[];
  /** When the letter is made: the date a draft shows and the PDF's creation date. */
  printed_at: Instant;
}

function drawReportLetter(layout: LetterLayout, letter: ReportLetter): void {
  const state = letter.author_establishment.state;
  const { referral } = letter;
  letterHeader(layout, {
    establishment: letter.author_establishment,
    logo: letter.logo,
    title: 'Clinical report',
    date: letterDate(letter.submitted_at ?? letter.printed_at, state),
    reference: `Ref. ${letter.id}`,
    draft: letter.status === 'DRFT',
  });
  addressPanels(
    layout,
    { person: referral.referrer, nobody: 'The referrer', establishment: referral.from_establishment },
    letter.patient,
  );
  // The referral it answers: who referred, when and to whom.
  detailStrip(
    layout,
    [
      { label: 'Referred by', value: referral.referrer ? personName(referral.referrer) : '' },
      { label: 'Referred on', value: referral.submitted_at ? letterDate(referral.submitted_at, state) : '' },
      {
        label: 'Referred to',
        value: joinPresent(
          [referral.assignee && personName(referral.assignee), referral.to_establishment.name],
          ', ',
        ),
      },
      { label: 'Report status', value: REPORT_STATUSES[letter.status] },
    ],
    4,
  );
  layout.use('bold', 15).text(layout.printable(letter.title), layout.left, layout.doc.y, {
    width: layout.width,
  });
  layout.gap(8);
  drawReportBody(layout, reportBodyBlocks(letter.report_body));
  layout.gap(6);
  fileList(layout, [
    ...letter.uploads.map((file) => ({ ...file, field: 'the report as uploaded' })),
    ...letter.attachments,
  ]);
  signOff(layout, {
    signed_by: letter.author,
    image: letter.signature_image,
    lines: [
      present(letter.author.signature),
      present(letter.author.provider_number) && `Provider number ${letter.author.provider_number}`,
      letter.submitted_at ? `Signed ${letterDate(letter.submitted_at, state)}` : undefined,
    ],
  });
}

/** Renders a report's letter as an A4 PDF (renderLetter: the standard fonts, Latin-1 only). */
export function renderReportLetter(letter: ReportLetter): Promise<Buffer> {
  const patientName = personName(letter.patient);
  return renderLetter(
    {
      title: `${letter.title} for ${patientName}`,
      author: personName(letter.author),
      subject: `Clinical report to ${letter.referral.from_establishment.name}`,
      printed_at: letter.printed_at,
      footer: joinPresent(
        [
          'Confidential',
          patientName,
          `DOB ${letterDate(letter.patient.dob)}`,
          `Referral ${letter.referral.id}`,
        ],
        '  ·  ',
      ),
    },
    (layout) => drawReportLetter(layout, letter),
  );
}
