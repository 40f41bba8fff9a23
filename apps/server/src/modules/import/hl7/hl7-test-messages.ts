import { randomUUID } from 'node:crypto';
import { LETTER_PDF } from '../queue/import-queue-test-setup.ts';

/** The patient and referrer of the sample REF^I12; the names carry escaped separators. */
export const SAMPLE = {
  firstName: 'Mary^Anne',
  lastName: "O'Brien & Smith|Jones",
  ihi: '8003608166690503',
  medicare: '2123456701',
  providerNumber: '0491234A',
} as const;

export type SampleOptions = {
  controlId?: string;
  /** MSH-6 as written (escaped). */
  receiver?: string;
  messageType?: string;
  /** PID-7 as written; '' leaves it out. */
  dob?: string;
  /** OBX-5's data; a PDF by default. */
  document?: string;
};

/**
 * An REF^I12 as a GP's practice software writes it (HL7 AU usage), written out by hand rather than by our
 * own builder, so the intake is tried against a message it did not make.
 */
export function sampleReferral(options: SampleOptions = {}): string {
  const controlId = options.controlId ?? randomUUID().replaceAll('-', '').slice(0, 20);
  return [
    `MSH|^~\\&|BESTPRACTICE|Harbourside Family Medical|REFERRALS|${options.receiver ?? ''}|` +
      `20261101100000+1100||${options.messageType ?? 'REF^I12^REF_I12'}|${controlId}|P|2.5|||AL|NE|AUS`,
    'RF1|P^Pending^HL70283|R^Routine^HL70280|Med^Medical^HL70281|||HFM-REF-2041^BESTPRACTICE|20261101|||' +
      '^Exertional chest pain',
    'PRD|RP^Referring Provider^HL70286|Okafor^Sam^^^Dr|12 Harbour St^^Sydney^NSW^2000^AUS^B|' +
      `^^^Harbourside Family Medical|0291234567^WPN^PH||${SAMPLE.providerNumber}^AUSHICPR`,
    'PRD|RT^Referred to Provider^HL70286|Hart^Samuel^^^Dr|||||2426621B^AUSHICPR',
    `PID|1||${SAMPLE.ihi}^^^AUSHIC^NI~${SAMPLE.medicare}1^^^AUSHIC^MC~HFM-4411^^^^MR^Harbourside||` +
      `O'Brien \\T\\ Smith\\F\\Jones^Mary\\S\\Anne^^^Mrs||${options.dob ?? '19610302'}|F|||` +
      '3 Ocean Rd^^Bondi^NSW^2026^AUS^H||0412345678^PRN^PH~^NET^Internet^mary@mail.example',
    'OBR|1|HFM-REF-2041||57133-1^Referral note^LN|||20261101',
    'NTE|1|P|Exertional chest pain for three weeks.',
    'NTE|2|P|ECG attached.',
    `OBX|1|ED|PDF^Display format in PDF^AUSPDI||^application^pdf^Base64^${
      options.document ?? LETTER_PDF.toString('base64')
    }||||||F`,
  ].join('\r');
}
