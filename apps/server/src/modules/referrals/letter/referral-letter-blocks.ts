import { personName } from '@referrals/domain/people/person-name';
import { referralKind, referralStatuses, referralTypes } from '@referrals/domain/referrals/referral-codes';
import { addressPanels, detailStrip, fileList, letterHeader, signOff } from './letter-blocks.ts';
import type { LetterLayout } from './letter-layout.ts';
import { joinPresent, letterDate, monthsText, present } from './letter-text.ts';
import type { LetterFormSection, ReferralLetter } from './referral-letter.ts';

// The referral letter, top to bottom: the shared blocks (letter-blocks.ts) around the referrer's message
// and the forms.

/** Draws the whole letter but its footers, which need the page count. */
export function drawReferralLetter(layout: LetterLayout, letter: ReferralLetter): void {
  const state = letter.from_establishment.state;
  letterHeader(layout, {
    establishment: letter.from_establishment,
    title: referralKind(letter.type),
    date: letterDate(letter.submitted_at ?? letter.printed_at, state),
    reference: `Ref. ${letter.id}`,
    draft: letter.status === 'DRFT',
  });
  addressPanels(
    layout,
    { person: letter.assignee, nobody: 'No named specialist', establishment: letter.to_establishment },
    letter.patient,
  );
  const months = letter.duration;
  // Type, status, submission and validity.
  detailStrip(
    layout,
    [
      { label: 'Referral type', value: referralTypes.display(letter.type) },
      { label: 'Status', value: referralStatuses.display(letter.status) },
      { label: 'Submitted', value: letter.submitted_at ? letterDate(letter.submitted_at, state) : '' },
      { label: 'Valid for', value: typeof months === 'number' && months > 0 ? monthsText(months) : '' },
      { label: 'Expires', value: letter.expires_at ? letterDate(letter.expires_at, state) : '' },
    ],
    5,
  );
  message(layout, letter);
  for (const section of letter.forms) formSection(layout, section);
  fileList(layout, letter.attachments);
  signature(layout, letter);
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

/** The referrer's sign-off, then the supervisor when there is one. */
function signature(layout: LetterLayout, letter: ReferralLetter): void {
  const { doc } = layout;
  const signed = letter.signature;
  const supervisor = letter.supervisor;
  signOff(layout, {
    signed_by: signed.signed_by,
    lines: [
      present(signed.text),
      present(signed.provider_number) && `Provider number ${signed.provider_number}`,
      `Signed ${letterDate(signed.signed_at, letter.from_establishment.state)}`,
    ],
    after: supervisor ? 40 : 0,
  });
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
