import { personName } from '@referrals/domain/people/person-name';
import type { LetterAttachment, LetterEstablishment, LetterPatient, LetterPerson } from './letter-data.ts';
import { COLOUR, MARGIN, type LetterLayout, type Row } from './letter-layout.ts';
import {
  addressLines,
  genderText,
  insuranceLabel,
  joinPresent,
  letterDate,
  medicareNumber,
  present,
} from './letter-text.ts';

// The blocks every letter is made of, each drawn where the previous one ended: the letterhead, the
// addressee and patient panels, a strip of details, a list of files and the sign-off. Each letter puts
// them in its order with blocks of its own (referral-letter-blocks.ts, reports/letter/report-letter.ts).

/** What the letterhead shows. */
export interface LetterHeading {
  /** Whose letter it is: name and contact on the left. */
  establishment: LetterEstablishment;
  /** Its branding logo above them, already checked with printableImage. */
  logo?: Buffer | null | undefined;
  /** The kind of letter, large on the right ('Referral'). */
  title: string;
  /** The date under it. */
  date: string;
  /** The reference under the date. */
  reference: string;
  /** Marks the letter 'DRAFT, NOT SUBMITTED'. */
  draft: boolean;
}

const LOGO_BOX = { width: 180, height: 44 };

/** The establishment (its logo, name and contact) on the left; title, date and reference on the right. */
export function letterHeader(layout: LetterLayout, heading: LetterHeading): void {
  const { doc } = layout;
  const from = heading.establishment;
  const leftWidth = layout.width * 0.6;
  const top = MARGIN.top;
  const logoHeight = heading.logo ? layout.picture(heading.logo, layout.left, top, LOGO_BOX) : 0;
  layout
    .use('bold', 15, COLOUR.accent)
    .text(layout.printable(from.name), layout.left, logoHeight > 0 ? top + logoHeight + 8 : top, {
      width: leftWidth,
    });
  doc.moveDown(0.2);
  const phones = joinPresent([present(from.phone1) && `Phone ${from.phone1}`, from.phone2], '  ·  ');
  const contact = [...addressLines(from), phones, from.email ?? ''].filter(
    (line) => present(line) !== undefined,
  );
  layout.use('regular', 9, COLOUR.muted);
  for (const line of contact)
    doc.text(layout.printable(line), layout.left, doc.y, { width: leftWidth, lineGap: 1 });
  const leftEnd = doc.y;

  const rightX = layout.left + leftWidth;
  const rightWidth = layout.right - rightX;
  layout
    .use('bold', 22, COLOUR.accent)
    .text(heading.title, rightX, top - 3, { width: rightWidth, align: 'right' });
  doc.moveDown(0.1);
  layout.use('regular', 9.5);
  doc.text(heading.date, rightX, doc.y, { width: rightWidth, align: 'right' });
  layout.use('regular', 8, COLOUR.muted);
  doc.text(layout.printable(heading.reference), rightX, doc.y + 2, { width: rightWidth, align: 'right' });
  if (heading.draft) {
    layout.use('bold', 8.5, COLOUR.accent).text('DRAFT, NOT SUBMITTED', rightX, doc.y + 3, {
      width: rightWidth,
      align: 'right',
      characterSpacing: 0.6,
    });
  }
  doc.y = Math.max(leftEnd, doc.y) + 10;
  layout.rule(COLOUR.accent, 1.2);
  layout.gap(14);
}

interface PanelLine {
  text: string;
  weight: 'regular' | 'bold';
  size: number;
  colour?: string;
}

/** Whom a letter is to: a named person at an establishment, or `nobody` when no one is named. */
export interface Addressee {
  person: LetterPerson | null;
  nobody: string;
  establishment: LetterEstablishment;
}

/** The To block and the Re: patient block side by side, on tinted panels of equal height. */
export function addressPanels(layout: LetterLayout, addressee: Addressee, patient: LetterPatient): void {
  const to = addressee.establishment;
  const toLines: PanelLine[] = [
    addressee.person
      ? { text: personName(addressee.person), weight: 'bold', size: 11 }
      : { text: addressee.nobody, weight: 'regular', size: 10.5, colour: COLOUR.muted },
    { text: to.name, weight: addressee.person ? 'regular' : 'bold', size: 10 },
    ...(to.hospital ? [{ text: to.hospital.name, weight: 'regular' as const, size: 10 }] : []),
    ...addressLines(to).map((text) => ({ text, weight: 'regular' as const, size: 9, colour: COLOUR.muted })),
    ...[present(to.phone1) && `Phone ${to.phone1}`, present(to.email)]
      .filter((text) => text !== undefined)
      .map((text) => ({ text, weight: 'regular' as const, size: 9, colour: COLOUR.muted })),
  ];

  const insurance = present(patient.pub_insurance_details);
  const patientRows: Row[] = [
    { label: 'Date of birth', value: letterDate(patient.dob) },
    { label: 'Gender', value: genderText(patient) ?? '' },
    {
      label: insuranceLabel(patient.pub_insurance_type),
      value: insurance
        ? joinPresent(
            [
              joinPresent(
                [
                  medicareNumber(insurance),
                  present(patient.medicare_ref_num) && `IRN ${patient.medicare_ref_num}`,
                ],
                '  ',
              ),
              present(patient.medicare_expiry_date) && `Expires ${patient.medicare_expiry_date}`,
            ],
            '\n',
          )
        : '',
    },
    { label: 'MRN', value: present(patient.mrn) ?? '' },
    { label: 'Phone', value: present(patient.phone) ?? '' },
    { label: 'Address', value: addressLines(patient).join(', ') },
  ].filter((row) => row.value !== '');

  const gutter = 14;
  const panelWidth = (layout.width - gutter) / 2;
  const padding = 10;
  const inner = panelWidth - 2 * padding;
  const labelWidth = 62;
  const { doc } = layout;
  const measureLines = (lines: PanelLine[]) =>
    lines.reduce((sum, line) => {
      layout.use(line.weight, line.size);
      return sum + doc.heightOfString(layout.printable(line.text), { width: inner }) + 1;
    }, 0);
  const measureRows = () =>
    patientRows.reduce((sum, row) => {
      layout.use('regular', 9);
      return sum + doc.heightOfString(layout.printable(row.value), { width: inner - labelWidth }) + 2;
    }, 0);
  const nameLine: PanelLine = { text: personName(patient), weight: 'bold', size: 11 };
  const captionHeight = 14;
  const height =
    2 * padding +
    captionHeight +
    Math.max(measureLines(toLines), measureLines([nameLine]) + 3 + measureRows());

  const top = doc.y;
  const toX = layout.left;
  const patientX = layout.left + panelWidth + gutter;
  for (const x of [toX, patientX])
    doc.save().roundedRect(x, top, panelWidth, height, 4).fill(COLOUR.panel).restore();

  layout.caption('To', toX + padding, top + padding, inner);
  doc.y = top + padding + captionHeight;
  for (const line of toLines) {
    layout.use(line.weight, line.size, line.colour).text(layout.printable(line.text), toX + padding, doc.y, {
      width: inner,
    });
    doc.y += 1;
  }

  layout.caption('Re: patient', patientX + padding, top + padding, inner);
  doc.y = top + padding + captionHeight;
  layout.use('bold', 11).text(layout.printable(nameLine.text), patientX + padding, doc.y, { width: inner });
  doc.y += 3;
  for (const row of patientRows) {
    const rowTop = doc.y;
    layout.use('regular', 8, COLOUR.muted).text(row.label, patientX + padding, rowTop + 0.8, {
      width: labelWidth - 4,
      lineBreak: false,
    });
    layout.use('regular', 9).text(layout.printable(row.value), patientX + padding + labelWidth, rowTop, {
      width: inner - labelWidth,
    });
    doc.y += 2;
  }
  doc.y = top + height + 14;
  doc.x = layout.left;
}

/**
 * One strip of captioned cells, those with a value, in `columns` columns whatever their number, so that
 * the strip reads the same on every letter of a kind.
 */
export function detailStrip(layout: LetterLayout, cells: readonly Row[], columns: number): void {
  const { doc } = layout;
  const cellWidth = layout.width / columns;
  const top = doc.y;
  let bottom = top;
  cells
    .filter((cell) => cell.value !== '')
    .forEach((cell, i) => {
      const x = layout.left + i * cellWidth;
      layout.caption(cell.label, x, top, cellWidth - 8);
      layout.use('regular', 9.5).text(layout.printable(cell.value), x, top + 11, { width: cellWidth - 8 });
      bottom = Math.max(bottom, doc.y);
    });
  doc.y = bottom + 8;
  layout.rule();
  layout.gap(16);
}

/** The files that go with a letter, by name, each with what it is in brackets. */
export function fileList(layout: LetterLayout, files: readonly LetterAttachment[]): void {
  if (files.length === 0) return;
  const { doc } = layout;
  layout.heading(`Attachments (${files.length})`);
  for (const file of files) {
    layout.keepSpace(16);
    const field = present(file.field);
    layout.use('regular', 10).text(`•  ${layout.printable(file.original_name)}`, layout.left, doc.y, {
      width: layout.width,
      continued: field !== undefined,
      lineGap: 1.5,
    });
    if (field !== undefined) layout.use('regular', 9, COLOUR.muted).text(`  (${layout.printable(field)})`);
    doc.x = layout.left;
    layout.gap(3);
  }
  layout.gap(10);
}

/** Who signs a letter, the lines under their name, and their signature image when there is one. */
export interface SignOff {
  signed_by: LetterPerson;
  lines: readonly (string | undefined)[];
  image?: Buffer | null | undefined;
  /** Room to keep on the page for what the letter draws after the sign-off. */
  after?: number;
}

const SIGNATURE_BOX = { width: 180, height: 54 };

/** 'Yours sincerely,', the signature (or room for a handwritten one), the name and the lines under it. */
export function signOff(layout: LetterLayout, signed: SignOff): void {
  const { doc } = layout;
  layout.keepSpace(110 + (signed.image ? SIGNATURE_BOX.height - 26 : 0) + (signed.after ?? 0));
  layout.gap(4);
  layout.paragraph('Yours sincerely,');
  const drawn = signed.image ? layout.picture(signed.image, layout.left, doc.y + 6, SIGNATURE_BOX) : 0;
  layout.gap(drawn > 0 ? 10 : 26);
  layout.paragraph(personName(signed.signed_by), { weight: 'bold', size: 10.5 });
  doc.y -= 4;
  for (const line of signed.lines) {
    if (line !== undefined) {
      layout.use('regular', 9.5, COLOUR.muted).text(layout.printable(line), layout.left, doc.y, {
        width: layout.width,
        lineGap: 1.5,
      });
    }
  }
  doc.x = layout.left;
}
