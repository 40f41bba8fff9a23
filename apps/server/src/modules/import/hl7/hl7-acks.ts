import { Hl7Message } from '@medplum/core';
import { OUR_APPLICATION } from '../../hl7/hl7-codes.ts';
import { ER7, hl7Field, hl7Instant, hl7Segment, mshSegment } from '../../hl7/hl7-fields.ts';
import { HL7_ERROR_CODES, type Hl7Refusal } from './hl7-refusals.ts';
import type { Hl7Receipt } from './receive-referral-message.ts';
import { newControlId } from '../../hl7/referral-message.ts';

/** ERR (v2.5): where (ERR-2), the HL7 error code (ERR-3, table 0357), severity E (ERR-4), the words (ERR-8). */
function errSegment(refusal: Hl7Refusal, context = ER7) {
  const { location } = refusal;
  return hl7Segment(
    'ERR',
    [
      null,
      location
        ? [location.segment, '1', location.field?.toString(), null, location.component?.toString()]
        : null,
      [String(refusal.code), HL7_ERROR_CODES[refusal.code], 'HL70357'],
      'E',
      null,
      null,
      null,
      refusal.reason,
    ],
    context,
  );
}

/** An AR for a frame that is no HL7 message at all: there is no header to answer, so MSA-2 stays empty. */
function ackOfNothing(refusal: Hl7Refusal): Hl7Message {
  return new Hl7Message(
    [
      mshSegment([
        OUR_APPLICATION,
        null,
        null,
        null,
        hl7Instant(new Date()),
        null,
        'ACK',
        newControlId(),
        'P',
        '2.5',
      ]),
      hl7Segment('MSA', [refusal.ack, null, refusal.reason]),
      errSegment(refusal),
    ],
    ER7,
  );
}

/**
 * The original-mode ACK of a received message (@medplum/core's buildAck: the header mirrored, MSA-2 the
 * message's control id): AA when it is taken (again), else AR or AE with the reason in MSA-3 and ERR.
 */
export function ackOf(message: Hl7Message | null, receipt: Hl7Receipt): Hl7Message {
  if (receipt.ack === 'AA') {
    const ack = message?.buildAck({ ackCode: 'AA' });
    if (!ack) throw new Error('an accepted message has a header to answer');
    if (!receipt.created) ack.getSegment('MSA')?.setField(3, hl7Field('OK: already received', ack.context));
    return ack;
  }
  if (!message) return ackOfNothing(receipt);
  const ack = message.buildAck({ ackCode: receipt.ack, errSegment: errSegment(receipt, message.context) });
  ack.getSegment('MSA')?.setField(3, hl7Field(receipt.reason, message.context));
  return ack;
}
