import { UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import { sniffContentType } from '@referrals/domain/files/content-type';
import type { ImportKind } from '@referrals/domain/imports/import-codes';
import { IMPORT_MAX_FILES } from '@referrals/domain/imports/import-codes';
import { TIFF_TYPE, sniffTiff, tiffBytesPageCount } from '../../files/tiff-pages.ts';
import type { IntakeRefusal } from './intake-refusals.ts';
import type { ReceivedAttachment } from './read-message.ts';

/** An attachment the queue takes, with what its bytes are. */
export type TakenAttachment = {
  bytes: Buffer;
  sniffed: { type: string; extension: string };
  originalName: string;
  pages: number;
};

export type AttachmentVerdict =
  | { kind: ImportKind; files: TakenAttachment[] }
  | { refused: Extract<IntakeRefusal, 'attachment-too-large' | 'too-many-attachments' | 'no-attachment'> };

const NAME_MAX = 255;

/**
 * The attachments the queue takes: PDFs and images as referral attachments are, and a fax's TIFF, known by
 * their bytes and never by the type or name the message claims. Anything else (a vCard, a Word file) is
 * left out; a TIFF that cannot be read is too, as it has no page to show. The limits apply to what is
 * taken: one over 5 MB or more than IMPORT_MAX_FILES refuse the message, and so does having none.
 */
export async function takeAttachments(received: readonly ReceivedAttachment[]): Promise<AttachmentVerdict> {
  const files: TakenAttachment[] = [];
  for (const [index, attachment] of received.entries()) {
    const sniffed = sniffContentType(attachment.bytes) ?? sniffTiff(attachment.bytes);
    if (!sniffed) continue;
    if (attachment.size > UPLOAD_MAX_BYTES) return { refused: 'attachment-too-large' };
    const pages = sniffed.type === TIFF_TYPE ? await tiffBytesPageCount(attachment.bytes) : 1;
    if (pages === 0) continue;
    files.push({ bytes: attachment.bytes, sniffed, pages, originalName: nameOf(attachment, index, sniffed) });
    if (files.length > IMPORT_MAX_FILES) return { refused: 'too-many-attachments' };
  }
  if (files.length === 0) return { refused: 'no-attachment' };
  return { kind: files.some((f) => f.sniffed.type === TIFF_TYPE) ? 'fax' : 'email', files };
}

/**
 * The name the sender gave, without control characters (PostgreSQL text cannot hold NUL) and not longer
 * than a file name can be; a made-up one when it gave none.
 */
function nameOf(attachment: ReceivedAttachment, index: number, sniffed: { extension: string }): string {
  // eslint-disable-next-line no-control-regex
  const given = (attachment.filename ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return given ? given.slice(0, NAME_MAX) : `attachment-${String(index + 1)}.${sniffed.extension}`;
}
