import { UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import { IMPORT_MAX_FILES, IMPORT_MESSAGE_MAX_BYTES } from '@referrals/domain/imports/import-codes';

const megabytes = (bytes: number) => String(Math.round(bytes / (1024 * 1024)));

/**
 * The intake's replies that refuse a message (docs/import-queue.md, the table under Inbound mail). A 5xx
 * tells the sending server not to try again and to bounce the message to its sender with this text; the
 * one 4xx asks it to try again later. The enhanced status code (RFC 3463) leads the text, since the SMTP
 * server's own mapping knows one code per reply number and these need several.
 */
export const INTAKE_REFUSALS = {
  'unknown-address': { code: 550, text: '5.1.1 No such intake address' },
  'sender-not-allowed': {
    code: 550,
    text: '5.7.1 This clinic does not take referrals by mail from your domain',
  },
  'message-too-large': {
    code: 552,
    text: `5.3.4 The message is larger than ${megabytes(IMPORT_MESSAGE_MAX_BYTES)} MB`,
  },
  'attachment-too-large': {
    code: 552,
    text: `5.3.4 An attachment is larger than ${megabytes(UPLOAD_MAX_BYTES)} MB`,
  },
  'too-many-attachments': {
    code: 552,
    text: `5.3.4 The message has more than ${String(IMPORT_MAX_FILES)} attachments`,
  },
  'no-attachment': { code: 550, text: '5.6.0 The message has no PDF, image or TIFF attachment' },
  unavailable: { code: 451, text: '4.3.0 The message could not be taken now; try again later' },
} as const satisfies Record<string, { code: number; text: string }>;

export type IntakeRefusal = keyof typeof INTAKE_REFUSALS;

/** The error an smtp-server callback answers with: its responseCode is the reply's number. */
export function smtpRefusal(reason: IntakeRefusal): Error & { responseCode: number } {
  const { code, text } = INTAKE_REFUSALS[reason];
  return Object.assign(new Error(text), { responseCode: code });
}

/** A refusal found while the message is read: the DATA reply is this refusal's. */
export class IntakeRefused extends Error {
  constructor(readonly reason: IntakeRefusal) {
    super(INTAKE_REFUSALS[reason].text);
    this.name = 'IntakeRefused';
  }
}
