import type { Hl7Message, Hl7Segment } from '@medplum/core';
import { UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import { sniffContentType } from '@referrals/domain/files/content-type';
import { IMPORT_MAX_FILES } from '@referrals/domain/imports/import-codes';
import { hl7Text } from '../../hl7/hl7-fields.ts';
import type { TakenAttachment } from '../intake/take-attachments.ts';
import { rejected, type Hl7Refusal } from './hl7-refusals.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** ED's type and subtype as a PDF: the Australian ^application^pdf, or HL7 table 0191's ^AP^PDF. */
function isPdfType(type: string, subtype: string): boolean {
  const pair = `${type}/${subtype}`.toLowerCase();
  return pair === 'application/pdf' || pair === 'ap/pdf';
}

/** The PDF one OBX of type ED carries, or why it is refused. */
function documentOf(obx: Hl7Segment, index: number): TakenAttachment | Hl7Refusal {
  const at = { segment: 'OBX', field: 5 };
  if (!isPdfType(hl7Text(obx, 5, 2), hl7Text(obx, 5, 3)))
    return rejected(102, at, 'OBX-5: only PDF documents are taken (^application^pdf^Base64^<data>).');
  if (hl7Text(obx, 5, 4).toLowerCase() !== 'base64')
    return rejected(102, { ...at, component: 4 }, 'OBX-5.4: the document must be encoded as Base64.');
  const data = hl7Text(obx, 5, 5);
  // Base64 grows a file by a third: anything longer than this cannot be within the limit.
  if (data.length > Math.ceil(UPLOAD_MAX_BYTES / 3) * 4)
    return rejected(102, { ...at, component: 5 }, 'OBX-5.5: the document is larger than 5 MB.');
  if (data === '' || !BASE64.test(data))
    return rejected(102, { ...at, component: 5 }, 'OBX-5.5: the document is not valid Base64.');
  const bytes = Buffer.from(data, 'base64');
  const sniffed = sniffContentType(bytes);
  if (sniffed?.type !== 'application/pdf')
    return rejected(102, { ...at, component: 5 }, 'OBX-5.5: the document is not a PDF.');
  if (bytes.length > UPLOAD_MAX_BYTES)
    return rejected(102, { ...at, component: 5 }, 'OBX-5.5: the document is larger than 5 MB.');
  const name = index === 0 ? 'referral-letter.pdf' : `referral-letter-${String(index + 1)}.pdf`;
  return { bytes, sniffed, originalName: name, pages: 1 };
}

/**
 * The documents of a referral message: every OBX whose value type is ED must be a PDF, in Base64, of at most
 * 5 MB (the import queue's limit for a file), and there may be at most IMPORT_MAX_FILES. A message with no
 * ED at all is taken without a file: the referral is then in its segments and notes.
 */
export function messageDocuments(message: Hl7Message): TakenAttachment[] | Hl7Refusal {
  const encapsulated = message.getAllSegments('OBX').filter((obx) => hl7Text(obx, 2).toUpperCase() === 'ED');
  if (encapsulated.length > IMPORT_MAX_FILES)
    return rejected(102, { segment: 'OBX' }, `At most ${String(IMPORT_MAX_FILES)} documents a message.`);
  const documents: TakenAttachment[] = [];
  for (const [index, obx] of encapsulated.entries()) {
    const document = documentOf(obx, index);
    if ('reason' in document) return document;
    documents.push(document);
  }
  return documents;
}

/** The message's text for the queue to show: the notes (NTE) and any textual observation (TX, FT, ST). */
export function messageText(message: Hl7Message): string {
  const lines: string[] = [];
  for (const segment of message.segments) {
    if (segment.name === 'NTE') lines.push(hl7Text(segment, 3));
    if (segment.name === 'OBX' && ['TX', 'FT', 'ST'].includes(hl7Text(segment, 2).toUpperCase())) {
      const occurrences = segment.getField(5)?.components.length ?? 0;
      for (let repetition = 0; repetition < occurrences; repetition++)
        lines.push(hl7Text(segment, 5, 1, undefined, repetition));
    }
  }
  return lines.join('\n');
}
