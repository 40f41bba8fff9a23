import type { Instant } from '@referrals/domain/dates';
import { personName } from '@referrals/domain/people/person-name';
import { addressPanels, letterHeader } from '../referrals/letter/letter-blocks.ts';
import type { LetterEstablishment, LetterPatient } from '../referrals/letter/letter-data.ts';
import { renderLetter } from '../referrals/letter/letter-document.ts';
import { COLOUR, type LetterLayout } from '../referrals/letter/letter-layout.ts';
import { joinPresent, letterDate } from '../referrals/letter/letter-text.ts';

/** What the consent form prints: the receiver's letterhead, the patient, the referral it is for. */
export interface ConsentForm {
  referral_id: string;
  submitted_at: Date | null;
  receiver: LetterEstablishment;
  logo?: Buffer | undefined;
  patient: LetterPatient;
  printed_at: Instant;
}

/**
 * The statement the patient (or the person responsible for them) signs. Plain words: what the clinic
 * receives, why, and that agreeing can be taken back.
 */
export function consentStatement(receiver: string): string[] {
  return [
    `I agree to ${receiver} receiving this referral and the health information that comes with it, ` +
      'and using it to assess, plan and provide my care.',
    `I agree to ${receiver} sharing information about my care with the person who referred me, and with ` +
      'other health professionals involved in my care, where that is needed for my care.',
    'I understand that my information is handled under the Privacy Act 1988 and the Australian Privacy ' +
      'Principles, that I can ask to see it, and that I can withdraw this consent at any time by telling the clinic.',
  ];
}

const SIGNATURE_LINES = [
  'Signature of the patient, or of the person responsible for them',
  'Full name',
  'Relationship to the patient (if not the patient)',
  'Date',
];

/** A label over a line to write on, the line long enough for a handwritten name. */
function lineToSign(layout: LetterLayout, label: string): void {
  layout.keepSpace(48);
  layout.gap(26);
  layout.rule(COLOUR.ink, 0.75);
  layout.gap(4);
  layout.use('regular', 8.5, COLOUR.muted).text(label, layout.left, layout.doc.y, { width: layout.width });
  layout.gap(6);
}

/**
 * The consent form of GET public/referrals/consent/?access= (spec section 7 Public), on the letters' page:
 * the receiver's letterhead, the referral it is for and the patient, the statement, and lines to sign and
 * date by hand. The signed copy comes back through PUT public/referrals/consent/.
 */
export function renderConsentForm(form: ConsentForm): Promise<Buffer> {
  const patientName = personName(form.patient);
  return renderLetter(
    {
      title: `Consent form for ${patientName}`,
      author: form.receiver.name,
      subject: `Consent to the referral to ${form.receiver.name}`,
      printed_at: form.printed_at,
      footer: joinPresent(['Consent form', patientName, `Referral ${form.referral_id}`], '  ·  '),
    },
    (layout) => {
      letterHeader(layout, {
        establishment: form.receiver,
        logo: form.logo,
        title: 'Consent',
        date: letterDate(form.printed_at, form.receiver.state),
        reference: `Referral ${form.referral_id}`,
        draft: false,
      });
      addressPanels(
        layout,
        { person: null, nobody: 'The referrals team', establishment: form.receiver },
        form.patient,
      );
      layout.heading('Consent to the referral');
      if (form.submitted_at) {
        layout.paragraph(`For the referral sent on ${letterDate(form.submitted_at, form.receiver.state)}.`, {
          size: 9.5,
          colour: COLOUR.muted,
        });
        layout.gap(8);
      }
      layout.paragraph(consentStatement(form.receiver.name).join('\n\n'));
      layout.gap(6);
      for (const label of SIGNATURE_LINES) lineToSign(layout, label);
      layout.gap(10);
      layout.paragraph(
        'Sign the form, then upload a photo or scan of it on the page this form came from, or give it to the clinic.',
        { size: 9, colour: COLOUR.muted },
      );
    },
  );
}
