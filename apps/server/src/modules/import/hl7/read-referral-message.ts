import { createHash } from 'node:crypto';
import { Hl7Message } from '@medplum/core';
import type { ImportMessageDetails } from '@referrals/domain/imports/import-schemas';
import { personName } from '@referrals/domain/people/person-name';
import { hl7Text } from '../../hl7/hl7-fields.ts';
import type { TakenAttachment } from '../intake/take-attachments.ts';
import { NOT_HL7, rejected, type Hl7Refusal } from './hl7-refusals.ts';
import { birthDate, kept, messageDetails } from './message-details.ts';
import { messageDocuments, messageText } from './message-documents.ts';

/** An REF^I12 that passed every check: what the import item is made of. */
export type ReceivedReferral = {
  /** The sender and the control id (MSH-3, MSH-4, MSH-10): the same message sent again has the same. */
  identity: string;
  /** MSH-6 as sent: the establishment it is for (receiving-establishment.ts). */
  receiver: { namespace: string; universalId: string };
  sender: string;
  senderName: string;
  subject: string;
  bodyText: string;
  details: ImportMessageDetails;
  documents: TakenAttachment[];
};

/** An identity longer than this is kept as its digest, as a mail's long Message-ID is. */
const IDENTITY_MAX_CHARS = 500;

/** The text of an uploaded file as a message; @medplum/core refuses (throws on) one not starting with MSH. */
export function parseHl7Text(text: string): Hl7Message | Hl7Refusal {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed.startsWith('MSH')) return NOT_HL7;
  return Hl7Message.parse(trimmed);
}

/**
 * @medplum/core reads the separators from the five characters after MSH, whatever they are: five distinct
 * ones that cannot be part of a value (a letter, a digit, a space) are needed to read anything else.
 */
function hasSeparators(message: Hl7Message): boolean {
  const c = message.context;
  const all = [c.fieldSeparator, c.componentSeparator, c.repetitionSeparator, c.escapeCharacter];
  all.push(c.subcomponentSeparator);
  return new Set(all).size === 5 && all.every((s) => s.length === 1 && !/[A-Za-z0-9\s]/.test(s));
}

/** The header's checks: an REF^I12 in production (P) of HL7 v2, with a control id. */
function headerRefusal(message: Hl7Message): Hl7Refusal | null {
  const msh = message.getSegment(0);
  if (msh?.name !== 'MSH' || !hasSeparators(message)) return NOT_HL7;
  const type = [hl7Text(msh, 9, 1), hl7Text(msh, 9, 2)];
  if (type[0] !== 'REF')
    return rejected(
      200,
      { segment: 'MSH', field: 9 },
      `MSH-9: only REF^I12 is taken, not ${type.join('^')}.`,
    );
  if (type[1] !== 'I12')
    return rejected(
      201,
      { segment: 'MSH', field: 9 },
      `MSH-9: only REF^I12 is taken, not ${type.join('^')}.`,
    );
  if (hl7Text(msh, 10) === '')
    return rejected(101, { segment: 'MSH', field: 10 }, 'MSH-10 (the message control id) is required.');
  if (hl7Text(msh, 11, 1) !== 'P')
    return rejected(202, { segment: 'MSH', field: 11 }, 'MSH-11: only production messages (P) are taken.');
  if (!/^2\.\d/.test(hl7Text(msh, 12, 1)))
    return rejected(203, { segment: 'MSH', field: 12 }, 'MSH-12: the message must be HL7 version 2.x.');
  return null;
}

function identityOf(message: Hl7Message): string {
  const msh = message.getSegment('MSH');
  const parts = [3, 4].map((field) => msh?.getField(field)?.toString() ?? '');
  const identity = JSON.stringify([...parts, hl7Text(msh, 10)]).replaceAll('\u0000', '');
  if (identity.length <= IDENTITY_MAX_CHARS) return identity;
  return `sha256:${createHash('sha256').update(identity).digest('hex')}`;
}

/**
 * Checks a received message as an REF^I12 (docs/interop.md, HL7 v2, Receiving) and reads what the import
 * item keeps of it: a refusal (AR) names the first problem, in the words and place its ACK gives them.
 * Required: the header's type, control id, processing id and version, a PID with
 * the family name and a real date of birth, and a PRD of role RP (the referrer) with a family name; any
 * ED observation must be a PDF.
 */
export function readReferralMessage(message: Hl7Message): ReceivedReferral | Hl7Refusal {
  const header = headerRefusal(message);
  if (header) return header;
  const pid = message.getSegment('PID');
  if (!pid) return rejected(100, { segment: 'PID' }, 'The PID segment (the patient) is required.');
  if (hl7Text(pid, 5, 1, 1) === '')
    return rejected(101, { segment: 'PID', field: 5 }, "PID-5.1: the patient's family name is required.");
  const dobText = hl7Text(pid, 7);
  if (dobText === '')
    return rejected(101, { segment: 'PID', field: 7 }, "PID-7: the patient's date of birth is required.");
  const dob = birthDate(dobText);
  if (dob === null)
    return rejected(102, { segment: 'PID', field: 7 }, 'PID-7: the date of birth must be a date (YYYYMMDD).');
  const referrer = message.getAllSegments('PRD').find((prd) => hl7Text(prd, 1, 1).toUpperCase() === 'RP');
  if (!referrer)
    return rejected(
      100,
      { segment: 'PRD' },
      'A PRD segment of role RP (the referring provider) is required.',
    );
  if (hl7Text(referrer, 2, 1, 1) === '')
    return rejected(101, { segment: 'PRD', field: 2 }, "PRD-2.1: the referrer's family name is required.");
  const documents = messageDocuments(message);
  if ('reason' in documents) return documents;

  const details = messageDetails(message, { pid, referrer, dob });
  const msh = message.getSegment('MSH');
  const patientName = personName({ ...details.patient, title: null });
  const reason = details.referral.reason;
  return {
    identity: identityOf(message),
    receiver: { namespace: hl7Text(msh, 6, 1), universalId: hl7Text(msh, 6, 2) },
    sender: kept(hl7Text(msh, 4, 1) || hl7Text(msh, 4, 2) || hl7Text(msh, 3, 1)) ?? 'HL7 sender',
    senderName: personName({ ...details.referrer, first_name: details.referrer.first_name ?? '' }),
    subject: kept(`Referral for ${patientName}${reason ? `: ${reason}` : ''}`, 998) ?? '',
    bodyText: messageText(message),
    details,
    documents,
  };
}
