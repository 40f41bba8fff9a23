import { personName } from '@referrals/domain/people/person-name';
import { referralStatuses, referralTypes } from '@referrals/domain/referrals/referral-codes';
import { COLOUR, MARGIN, type LetterLayout, type Row } from './letter-layout.ts';
import {
  addressLines,
  genderText,
  insuranceLabel,
  joinPresent,
  letterDate,
  medicareNumber,
  monthsText,
  present,
} from './letter-text.ts';
import type { LetterAttachment, LetterFormSection, ReferralLetter } from './referral-letter.ts';

// The blocks of a referral letter, top to bottom, each drawn where the previous one ended.

/** Draws the whole letter but its footers, which need the page count. */
export function drawLetter(layout: LetterLayout, letter: ReferralLetter): void {
  header(layout, letter);
  addressPanels(layout, letter);
  details(layout, letter);
  message(layout, letter);
  for (const section of letter.forms) formSection(layout, section);
  attachments(layout, letter.attachments);
  signature(layout, letter);
}

/** Sender establishment on the left; the title, date and referral id on the right; a rule under both. */
function header(layout: LetterLayout, letter: ReferralLetter): void {
  const { doc } = layout;
  const from = letter.from_establishment;
  const leftWidth = layout.width * 0.6;
  const top = MARGIN.top;
  layout
    .use('bold', 15, COLOUR.accent)
    .text(layout.printable(from.name), layout.left, top, { width: leftWidth });
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
    .text('Referral', rightX, top - 3, { width: rightWidth, align: 'right' });
  doc.moveDown(0.1);
  layout.use('regular', 9.5);
  doc.text(letterDate(letter.submitted_at ?? letter.printed_at, from.state), rightX, doc.y, {
    width: rightWidth,
    align: 'right',
  });
  layout.use('regular', 8, COLOUR.muted);
  doc.text(`Ref. ${layout.printable(letter.id)}`, rightX, doc.y + 2, { width: rightWidth, align: 'right' });
  if (letter.status === 'DRFT') {
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

/** The To block and the Re: patient block side by side, on tinted panels of equal height. */
function addressPanels(layout: LetterLayout, letter: ReferralLetter): void {
  const to = letter.to_establishment;
  const toLines: PanelLine[] = [
    letter.assignee
      ? { text: personName(letter.assignee), weight: 'bold', size: 11 }
      : { text: 'No named specialist', weight: 'regular', size: 10.5, colour: COLOUR.muted },
    { text: to.name, weight: letter.assignee ? 'regular' : 'bold', size: 10 },
    ...(to.hospital ? [{ text: to.hospital.name, weight: 'regular' as const, size: 10 }] : []),
    ...addressLines(to).map((text) => ({ text, weight: 'regular' as const, size: 9, colour: COLOUR.muted })),
    ...[present(to.phone1) && `Phone ${to.phone1}`, present(to.email)]
      .filter((text) => text !== undefined)
      .map((text) => ({ text, weight: 'regular' as const, size: 9, colour: COLOUR.muted })),
  ];

  const patient = letter.patient;
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

/** Type, status, submission and validity in one strip of captioned cells. */
function details(layout: LetterLayout, letter: ReferralLetter): void {
  const state = letter.from_establishment.state;
  const months = letter.duration;
  const cells: Row[] = [
    { label: 'Referral type', value: referralTypes.display(letter.type) },
    { label: 'Status', value: referralStatuses.display(letter.status) },
    { label: 'Submitted', value: letter.submitted_at ? letterDate(letter.submitted_at, state) : '' },
    { label: 'Valid for', value: typeof months === 'number' && months > 0 ? monthsText(months) : '' },
    { label: 'Expires', value: letter.expires_at ? letterDate(letter.expires_at, state) : '' },
  ].filter((cell) => cell.value !== '');
  const { doc } = layout;
  // Five columns whatever the number of cells, so that the strip reads the same on every letter.
  const cellWidth = layout.width / 5;
  const top = doc.y;
  let bottom = top;
  cells.forEach((cell, i) => {
    const x = layout.left + i * cellWidth;
    layout.caption(cell.label, x, top, cellWidth - 8);
    layout.use('regular', 9.5).text(layout.printable(cell.value), x, top + 11, { width: cellWidth - 8 });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 8;
  layout.rule();
  layout.gap(16);
}

/** Salutation and the referrer's message. */
function message(layout: LetterLayout, letter: ReferralLetter): void {
  const assignee = letter.assignee;
  const addressee = assignee
    ? personName(
        assignee.title ? { title: assignee.title, first_name: '', last_name: assignee.last_name } : assignee,
      )
    : 'Colleague';
  layout.paragraph(`Dear ${addressee},`);
  layout.gap(7);
  layout.paragraph(letter.referrer_message);
  layout.gap(10);
}

function formSection(layout: LetterLayout, section: LetterFormSection): void {
  const rows = section.fields
    .map((field) => ({ label: field.label, value: present(field.value) ?? '' }))
    .filter((row) => row.value !== '');
  if (rows.length === 0) return;
  layout.heading(section.title);
  layout.rows(rows, section.title);
  layout.gap(10);
}

function attachments(layout: LetterLayout, files: readonly LetterAttachment[]): void {
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

/** Sign-off with room for a handwritten signature, then the supervisor when there is one. */
function signature(layout: LetterLayout, letter: ReferralLetter): void {
  const { doc } = layout;
  const signed = letter.signature;
  const supervisor = letter.supervisor;
  layout.keepSpace(supervisor ? 150 : 110);
  layout.gap(4);
  layout.paragraph('Yours sincerely,');
  layout.gap(26);
  layout.paragraph(personName(signed.signed_by), { weight: 'bold', size: 10.5 });
  doc.y -= 4;
  const lines = [
    present(signed.text),
    present(signed.provider_number) && `Provider number ${signed.provider_number}`,
    `Signed ${letterDate(signed.signed_at, letter.from_establishment.state)}`,
  ];
  for (const line of lines) {
    if (line !== undefined) {
      layout.use('regular', 9.5, COLOUR.muted).text(layout.printable(line), layout.left, doc.y, {
        width: layout.width,
        lineGap: 1.5,
      });
    }
  }
  if (supervisor && present(supervisor.name)) {
    layout.gap(12);
    layout.caption('Supervising practitioner', layout.left, doc.y, layout.width);
    layout.gap(11);
    const detail = joinPresent(
      [
        supervisor.name,
        present(supervisor.provider_number) && `Provider number ${supervisor.provider_number}`,
        supervisor.email,
      ],
      '  ·  ',
    );
    layout.use('regular', 9.5).text(layout.printable(detail), layout.left, doc.y, { width: layout.width });
  }
  doc.x = layout.left;
}
