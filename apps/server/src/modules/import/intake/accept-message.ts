import { createHash } from 'node:crypto';
import type { ImportKind } from '@referrals/domain/imports/import-codes';
import type { Database } from '../../../db/database.ts';
import { removeStoredFile, storeBytes } from '../../files/file-store.ts';
import { createImportItem, type ImportItemFile } from './create-import-item.ts';
import type { ReceivedMessage } from './read-message.ts';
import type { TakenAttachment } from './take-attachments.ts';
import type { FileStorage } from '../../files/storage.ts';

/** The message text kept for reading in the queue: enough for any covering note, not a whole archive. */
export const BODY_TEXT_MAX_CHARS = 100_000;
/** Longer headers are cut: the subject is shown in a list, and a sender cannot grow a row without bound. */
const SUBJECT_MAX_CHARS = 998;
const NAME_MAX_CHARS = 200;
/** A Message-ID longer than this is kept as its digest, since an index entry must stay small. */
const MESSAGE_ID_MAX_CHARS = 500;

/** PostgreSQL text cannot hold NUL; a message can. */
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

/** The identity a message is taken once by: its Message-ID, or a digest of the message when it has none. */
export function messageIdentity(message: Pick<ReceivedMessage, 'messageId' | 'digest'>): string {
  const id = withoutNul(message.messageId ?? '');
  if (id === '') return `sha256:${message.digest}`;
  if (id.length <= MESSAGE_ID_MAX_CHARS) return id;
  return `sha256:${createHash('sha256').update(id).digest('hex')}`;
}

/** The text kept: trimmed, without NUL, cut at BODY_TEXT_MAX_CHARS; null when there is none. */
export function keptBodyText(text: string | null): string | null {
  const kept = withoutNul(text ?? '').trim();
  return kept === '' ? null : kept.slice(0, BODY_TEXT_MAX_CHARS);
}

/** Stores the files one item will name; a failure removes the ones already stored. */
export async function storeFiles(
  storage: FileStorage,
  taken: readonly TakenAttachment[],
): Promise<ImportItemFile[]> {
  const stored: ImportItemFile[] = [];
  try {
    for (const file of taken) {
      stored.push({
        stored: await storeBytes(storage, file.bytes, file.sniffed),
        originalName: file.originalName,
        pages: file.pages,
      });
    }
    return stored;
  } catch (error) {
    await removeFiles(storage, stored);
    throw error;
  }
}

export async function removeFiles(storage: FileStorage, files: readonly ImportItemFile[]): Promise<void> {
  for (const file of files) await removeStoredFile(storage, file.stored.name);
}

/**
 * Makes the message an item of one establishment. Each item gets files of its own, since converting an
 * item moves its files onto the referral. The files are stored before the item's transaction and removed
 * again when it fails or the message was already taken (a retry), so no file outlives its row.
 */
export async function acceptMessage(
  db: Database,
  options: {
    storage: FileStorage;
    establishmentId: string;
    sender: string;
    kind: ImportKind;
    message: ReceivedMessage;
    files: readonly TakenAttachment[];
    ip: string | null;
  },
): Promise<{ id: string; created: boolean }> {
  const files = await storeFiles(options.storage, options.files);
  try {
    const result = await createImportItem(db, {
      establishmentId: options.establishmentId,
      kind: options.kind,
      messageId: messageIdentity(options.message),
      sender: withoutNul(options.sender),
      senderName:
        options.message.senderName && withoutNul(options.message.senderName).slice(0, NAME_MAX_CHARS),
      subject: withoutNul(options.message.subject).slice(0, SUBJECT_MAX_CHARS),
      bodyText: keptBodyText(options.message.text),
      files,
      ip: options.ip,
    });
    if (!result.created) await removeFiles(options.storage, files);
    return result;
  } catch (error) {
    await removeFiles(options.storage, files);
    throw error;
  }
}
