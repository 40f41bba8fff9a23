import { randomBytes } from 'node:crypto';
import { Hl7Message, type Hl7Segment } from '@medplum/core';
import {
  referralStatuses,
  referralTypes,
  triagePriorities,
} from '@referrals/domain/referrals/referral-codes';
import type {
  ReferralStatus,
  ReferralType,
  TriagePriority,
} from '@referrals/domain/referrals/referral-codes';
import {
  OUR_APPLICATION,
  PDF_OBSERVATION,
  REFERRAL_NOTE,
  REFERRAL_STATUS_CODES,
  TRIAGE_PRIORITY_CODES,
  referralTypeCode,
  resultStatus,
} from './hl7-codes.ts';
import { ER7, hl7Instant, hl7Segment, mshSegment } from './hl7-fields.ts';
import {
  codedWithOurs,
  pidSegment,
  placeHd,
  prdSegment,
  providerXcn,
  type Hl7Patient,
  type Hl7Person,
  type Hl7Place,
} from './hl7-parties.ts';

/** What goes over the wire: ER7 text, as interface engines and the AU secure messaging vendors exchange it. */
export const HL7_CONTENT_TYPE = 'application/hl7-v2; charset=utf-8';

/** The HL7 version we write (MSH-12). */
const VERSION = '2.5';

/** MSH-10: 20 characters (ST's length in 2.5), random, so two exports of one referral are two messages. */
export function newControlId(): string {
  return randomBytes(10).toString('hex');
}

/** The header of a message of ours: the sending and receiving establishments, the time, the type. */
export function ourHeader(options: {
  from: Hl7Place;
  to: Hl7Place;
  type: readonly string[];
  controlId: string;
  at: Date;
}): Hl7Segment {
  return mshSegment([
    OUR_APPLICATION,
    placeHd(options.from),
    null,
    placeHd(options.to),
    hl7Instant(options.at),
    null,
    options.type,
    options.controlId,
    'P',
    VERSION,
    null,
    null,
    'AL',
    'NE',
    'AUS',
    'UNICODE UTF-8',
  ]);
}

/** OBX-5 of a PDF (ED, the Australian layout): ^application^pdf^Base64^<the bytes>. */
export function pdfObservation(pdf: Buffer, status: 'P' | 'F', at: Date | null): Hl7Segment {
  return hl7Segment('OBX', [
    '1',
    'ED',
    PDF_OBSERVATION,
    null,
    [null, 'application', 'pdf', 'Base64', pdf.toString('base64')],
    null,
    null,
    null,
    null,
    null,
    status,
    null,
    null,
    hl7Instant(at),
  ]);
}

/**
 * The referrer's message as notes of the placer (NTE-2 P), a line each: one FT note could hold it all, but
 * many readers show only a note's first line.
 */
function noteSegments(text: string): Hl7Segment[] {
  if (text.trim() === '') return [];
  return text
    .trimEnd()
    .split(/\r\n|\r|\n/)
    .map((line, index) => hl7Segment('NTE', [String(index + 1), 'P', line]));
}

export type ReferralMessageData = {
  controlId: string;
  at: Date;
  referral: {
    id: string;
    type: ReferralType;
    status: ReferralStatus;
    triage_priority: string | null;
    submitted_at: Date | null;
    expires_at: Date | null;
    referrer_message: string;
    vitro_episode_id: string | null;
  };
  patient: Hl7Patient;
  referrer: Hl7Person;
  from: Hl7Place;
  /** The named specialist; null when the referral names none. */
  receiver: Hl7Person | null;
  to: Hl7Place;
  /** The referral letter, as GET referrals/{id}/pdf/ answers it. */
  pdf: Buffer;
};

/** RF1-10: why the patient is referred, as text: the first line of the referrer's message, cut at 199. */
function reasonText(message: string): string | null {
  const first = message.trim().split(/\r?\n/)[0]?.trim() ?? '';
  return first === '' ? null : first.slice(0, 199);
}

function rf1Segment(referral: ReferralMessageData['referral']): Hl7Segment {
  const priority = referral.triage_priority as TriagePriority | null;
  return hl7Segment('RF1', [
    codedWithOurs(REFERRAL_STATUS_CODES[referral.status], 'HL70283', {
      code: referral.status,
      display: referralStatuses.display(referral.status),
    }),
    priority && priority in TRIAGE_PRIORITY_CODES
      ? codedWithOurs(TRIAGE_PRIORITY_CODES[priority], 'HL70280', {
          code: priority,
          display: triagePriorities.display(priority),
        })
      : null,
    codedWithOurs(referralTypeCode(referral.type), 'HL70281', {
      code: referral.type,
      display: referralTypes.display(referral.type),
    }),
    null,
    null,
    [referral.id, OUR_APPLICATION],
    hl7Instant(referral.submitted_at),
    hl7Instant(referral.expires_at),
    null,
    [null, reasonText(referral.referrer_message)],
    referral.vitro_episode_id ? [referral.vitro_episode_id] : null,
  ]);
}

/**
 * A referral as HL7 v2.5 REF^I12 (docs/interop.md, HL7 v2): MSH, RF1, the referring and referred-to
 * providers (PRD), the patient (PID), and the letter as an OBR with the referrer's message as its notes
 * (NTE) and the PDF in an OBX.
 */
export function referralMessage(data: ReferralMessageData): Hl7Message {
  const { referral } = data;
  const status = resultStatus(referral.status);
  return new Hl7Message(
    [
      ourHeader({
        from: data.from,
        to: data.to,
        type: ['REF', 'I12', 'REF_I12'],
        controlId: data.controlId,
        at: data.at,
      }),
      rf1Segment(referral),
      prdSegment('RP', data.referrer, data.from),
      prdSegment('RT', data.receiver, data.to),
      pidSegment(data.patient),
      hl7Segment('OBR', [
        '1',
        [referral.id, OUR_APPLICATION],
        null,
        REFERRAL_NOTE,
        null,
        null,
        hl7Instant(referral.submitted_at),
        ...Array<null>(8).fill(null),
        providerXcn(data.referrer),
        ...Array<null>(8).fill(null),
        status,
      ]),
      ...noteSegments(referral.referrer_message),
      pdfObservation(data.pdf, status, referral.submitted_at),
    ],
    ER7,
  );
}
