import { referralKind } from '@referrals/domain/referrals/referral-codes';
import type { Instant } from '@referrals/domain/dates';
import { personName } from '@referrals/domain/people/person-name';
import type { ReferralStatus, ReferralType } from '@referrals/domain/referrals/referral-codes';
import type { LetterAttachment, LetterEstablishment, LetterPatient, LetterPerson } from './letter-data.ts';
import { renderLetter } from './letter-document.ts';
import { joinPresent, letterDate } from './letter-text.ts';
import { drawReferralLetter } from './referral-letter-blocks.ts';

// The referral letter (GET referrals/{id}/pdf/): what the sender wrote and who it concerns, on A4. The
// caller gathers the data, already checked as visible to the reader; this module only lays it out (the
// blocks in referral-letter-blocks.ts). Nothing here logs: every string in a letter is patient data.

/** One form of the referral: its title and its answers, each value already formatted for reading. */
export interface LetterFormSection {
  title: string;
  fields: { label: string; value: string }[];
}

/** Everything a referral letter shows (section 3 Referral), as plain data. */
export interface ReferralLetter {
  id: string;
  type: ReferralType;
  status: ReferralStatus;
  /** Null for a draft. */
  submitted_at: Instant | null;
  /** How long the referral is valid, in months (section 5 Durations). */
  duration?: number | null;
  /** The day it stops being valid. */
  expires_at?: Instant | null;
  from_establishment: LetterEstablishment;
  referrer: LetterPerson & { provider_number?: string | null };
  to_establishment: LetterEstablishment;
  /** The named specialist; null prints 'No named specialist'. */
  assignee: LetterPerson | null;
  patient: LetterPatient;
  referrer_message: string;
  forms: LetterFormSection[];
  attachments: LetterAttachment[];
  signature: {
    signed_by: LetterPerson;
    provider_number?: string | null;
    signed_at: Instant;
    /** The profile's signature text, e.g. qualifications under the name. */
    text?: string | null;
  };
  supervisor?: { name: string; provider_number?: string | null; email?: string | null } | null;
  /**
   * When the letter is made: the date a draft shows and the PDF's creation date. Passed in, not read from
   * the clock, so that one letter always renders to the same bytes.
   */
  printed_at: Instant;
}

/** Renders a referral letter as an A4 PDF (renderLetter: the standard fonts, Latin-1 only). */
export function renderReferralLetter(letter: ReferralLetter): Promise<Buffer> {
  const patientName = personName(letter.patient);
  return renderLetter(
    {
      title: `${referralKind(letter.type)} letter for ${patientName}`,
      author: personName(letter.referrer),
      subject: `Referral to ${letter.to_establishment.name}`,
      printed_at: letter.printed_at,
      footer: joinPresent(
        ['Confidential', patientName, `DOB ${letterDate(letter.patient.dob)}`, `Referral ${letter.id}`],
        '  ·  ',
      ),
    },
    (layout) => drawReferralLetter(layout, letter),
  );
}
