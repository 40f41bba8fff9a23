import PDFDocument from 'pdfkit';
import type { Instant } from '@referrals/domain/dates';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import type { Patient } from '@referrals/domain/patients/patient-schemas';
import { personName } from '@referrals/domain/people/person-name';
import type { ReferralStatus, ReferralType } from '@referrals/domain/referrals/referral-codes';
import { drawLetter } from './letter-blocks.ts';
import { LetterLayout, MARGIN, type FontNames } from './letter-layout.ts';
import { joinPresent, letterDate } from './letter-text.ts';

// The referral letter (GET referrals/{id}/pdf/): what the sender wrote and who it concerns, on A4. The
// caller gathers the data, already checked as visible to the reader; this module only lays it out (the
// blocks in letter-blocks.ts). Nothing here logs: every string in a letter is patient data.

type Optional<T> = { [K in keyof T]?: T[K] | null };

/** A person as the letter names them (personName: title, first and last name). */
export interface LetterPerson {
  title?: string | null;
  first_name: string;
  last_name: string;
}

/** An establishment as a letter addresses it; a hospital department carries its hospital. */
export type LetterEstablishment = Pick<Establishment, 'name'> &
  Optional<
    Pick<Establishment, 'phone1' | 'phone2' | 'address1' | 'address2' | 'city' | 'postcode' | 'email'>
  > & {
    state?: string | null;
    hospital?: { name: string } | null;
  };

/** The patient's details a letter shows (section 3 Patient); mrn is the MRN at the reader's establishment. */
export type LetterPatient = Pick<Patient, 'first_name' | 'last_name' | 'dob'> &
  Optional<
    Pick<
      Patient,
      | 'title'
      | 'sex'
      | 'sex_nb_text'
      | 'custom_gender'
      | 'pub_insurance_type'
      | 'pub_insurance_details'
      | 'medicare_ref_num'
      | 'medicare_expiry_date'
      | 'mrn'
      | 'phone'
      | 'address1'
      | 'address2'
      | 'city'
      | 'state'
      | 'postcode'
    >
  >;

/** One form of the referral: its title and its answers, each value already formatted for reading. */
export interface LetterFormSection {
  title: string;
  fields: { label: string; value: string }[];
}

/** An uploaded file, by the name it was uploaded under and the form field it answers. */
export interface LetterAttachment {
  original_name: string;
  field?: string | null;
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

const STANDARD_FONTS: FontNames = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/**
 * Renders a referral letter as an A4 PDF in the PDF standard fonts, which need nothing embedded and print
 * Latin-1 (WinAnsi) only: a name outside it prints without its diacritics ('Nguyễn' as 'Nguyen'), and a
 * character with no Latin form as '?' (toWinAnsi).
 */
export async function renderReferralLetter(letter: ReferralLetter): Promise<Buffer> {
  const patientName = personName(letter.patient);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'en-AU',
    displayTitle: true,
    info: {
      Title: `Referral letter for ${patientName}`,
      Author: personName(letter.referrer),
      Subject: `Referral to ${letter.to_establishment.name}`,
      Creator: 'Referrals',
      CreationDate: new Date(letter.printed_at),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const layout = new LetterLayout(doc, STANDARD_FONTS);

  drawLetter(layout, letter);
  layout.footers(
    joinPresent(
      ['Confidential', patientName, `DOB ${letterDate(letter.patient.dob)}`, `Referral ${letter.id}`],
      '  ·  ',
    ),
  );
  doc.end();
  return ended;
}
