/**
 * Why a message is not taken, as its ACK says it (MSA-3 and ERR): HL7 table 0357's error code, where in the
 * message (ERR-2: segment, field, component) and the reason in words. `ack` is AR for a message we refuse
 * as it is (sending it again changes nothing), AE for one we could not store (sending it again may work).
 */
export type Hl7Refusal = {
  ack: 'AR' | 'AE';
  code: keyof typeof HL7_ERROR_CODES;
  location: { segment: string; field?: number; component?: number } | null;
  reason: string;
};

/** HL7 table 0357 (message error condition codes): those our ACKs use. */
export const HL7_ERROR_CODES = {
  100: 'Segment sequence error',
  101: 'Required field missing',
  102: 'Data type error',
  200: 'Unsupported message type',
  201: 'Unsupported event code',
  202: 'Unsupported processing id',
  203: 'Unsupported version id',
  204: 'Unknown key identifier',
  207: 'Application internal error',
} as const;

/** A message refused as it is (AR): malformed, not an REF^I12, or for no establishment here. */
export function rejected(
  code: Hl7Refusal['code'],
  location: Hl7Refusal['location'],
  reason: string,
): Hl7Refusal {
  return { ack: 'AR', code, location, reason };
}

/** Text that is no HL7 v2 message, or one whose separators cannot be read. */
export const NOT_HL7 = rejected(
  100,
  { segment: 'MSH' },
  'Not an HL7 v2 message: it must begin with an MSH segment.',
);

/** A well-formed REF^I12 we could not store (our database or file storage failed): nothing is kept; send it again. */
export const NOT_STORED: Hl7Refusal = {
  ack: 'AE',
  code: 207,
  location: null,
  reason: 'The message could not be stored here just now and nothing was kept: send it again later.',
};
