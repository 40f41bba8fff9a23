import type { Readable } from 'node:stream';
import { UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import { IMPORT_MESSAGE_MAX_BYTES } from '@referrals/domain/imports/import-codes';
import type { Database } from '../../../db/database.ts';
import { acceptMessage } from './accept-message.ts';
import { IntakeRefused } from './intake-refusals.ts';
import { findIntakeRecipient } from './intake-recipients.ts';
import { readMessage } from './read-message.ts';
import { takeAttachments } from './take-attachments.ts';
import type { FileStorage } from '../../files/storage.ts';

/** What the log says of a message taken: counts and codes, never who or what. */
export type MessageTaken = { kind: string; files: number; items: number; duplicates: number };

/**
 * The establishments the recipients reach, each once. They were checked at RCPT TO; checking again here
 * keeps a clinic that stopped taking the sender's mail in between from getting it.
 */
async function recipientEstablishments(
  db: Database,
  options: { recipients: readonly string[]; sender: string; domain: string },
): Promise<string[]> {
  const ids = new Set<string>();
  let refusal: IntakeRefused | undefined;
  for (const recipient of options.recipients) {
    const found = await findIntakeRecipient(db, { ...options, recipient });
    if ('establishmentId' in found) ids.add(found.establishmentId);
    else refusal ??= new IntakeRefused(found.refused);
  }
  if (ids.size === 0) throw refusal ?? new IntakeRefused('unknown-address');
  return [...ids];
}

/**
 * The DATA of an accepted envelope: the message is read, its attachments judged, and one import item made
 * for each establishment among the recipients. A retry of a message already taken answers as the first
 * delivery did and makes nothing. Throws IntakeRefused for a message the intake refuses.
 */
export async function receiveMessage(
  stream: Readable,
  options: {
    db: Database;
    storage: FileStorage;
    domain: string;
    sender: string;
    recipients: readonly string[];
    ip: string | null;
  },
): Promise<MessageTaken> {
  const message = await readMessage(stream, {
    maxBytes: IMPORT_MESSAGE_MAX_BYTES,
    maxAttachmentBytes: UPLOAD_MAX_BYTES,
  });
  const verdict = await takeAttachments(message.attachments);
  if ('refused' in verdict) throw new IntakeRefused(verdict.refused);
  const establishments = await recipientEstablishments(options.db, options);
  const taken: MessageTaken = { kind: verdict.kind, files: verdict.files.length, items: 0, duplicates: 0 };
  // One after another: a failure leaves the ones before it taken, and the sender's retry (451) makes
  // only the rest, since the ones taken answer as duplicates.
  for (const establishmentId of establishments) {
    const result = await acceptMessage(options.db, {
      ...options,
      establishmentId,
      kind: verdict.kind,
      message,
      files: verdict.files,
    });
    if (result.created) taken.items++;
    else taken.duplicates++;
  }
  return taken;
}
