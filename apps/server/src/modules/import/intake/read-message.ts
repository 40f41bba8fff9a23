import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { IntakeRefused } from './intake-refusals.ts';
import { MailParser, type AddressObject, type AttachmentStream, type Headers } from 'mailparser';

/** An attachment as it arrived: its bytes up to the limit the caller gave, and its whole size. */
export type ReceivedAttachment = {
  filename: string | null;
  /** The first `maxAttachmentBytes` + 1 bytes at most: enough to sniff, and to tell one over the limit. */
  bytes: Buffer;
  size: number;
};

/** What the intake keeps of a message: never the raw message (docs/import-queue.md). */
export type ReceivedMessage = {
  /** The Message-ID header, or null when it has none. */
  messageId: string | null;
  /** sha256 of the raw message: its identity when it has no Message-ID. */
  digest: string;
  senderName: string | null;
  subject: string;
  text: string | null;
  attachments: ReceivedAttachment[];
};

/** The longest HTML part turned into text when a message has no plain text; converting is costly. */
const MAX_HTML_TO_TEXT = 1024 * 1024;

/**
 * Reads a message as it streams in, keeping at most `maxAttachmentBytes` + 1 bytes of each attachment, so
 * memory stays bounded by the message size limit whatever the message holds. Parts embedded in the HTML
 * (a signature's logo, `multipart/related` with a Content-ID) are not attachments a sender chose to send
 * and are left out. Past `maxBytes` the parser stops and the rest is only drained: the message is refused
 * (552), and a sender that declared a smaller size must not make the server hold more.
 */
export function readMessage(
  source: Readable,
  options: { maxBytes: number; maxAttachmentBytes: number },
): Promise<ReceivedMessage> {
  return new Promise((resolve, reject) => {
    const parser = new MailParser({
      skipTextToHtml: true,
      skipImageLinks: true,
      skipTextLinks: true,
      maxHtmlLengthToParse: MAX_HTML_TO_TEXT,
    });
    const digest = createHash('sha256');
    const attachments: Promise<ReceivedAttachment | null>[] = [];
    let headers: Headers = new Map();
    let text: string | null = null;
    let bytes = 0;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      parser.destroy();
      source.resume();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    source.on('error', fail);
    parser.on('error', fail);
    source.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > options.maxBytes) fail(new IntakeRefused('message-too-large'));
      else digest.update(chunk);
    });
    parser.on('headers', (parsed) => (headers = parsed));
    parser.on('data', (data) => {
      if (data.type === 'text') text = data.text ?? null;
      else attachments.push(collectAttachment(data, options.maxAttachmentBytes));
    });
    parser.on('end', () => {
      Promise.all(attachments).then((collected) => {
        resolve({
          messageId: headerText(headers, 'message-id'),
          digest: digest.digest('hex'),
          senderName: fromName(headers),
          subject: headerText(headers, 'subject') ?? '',
          text,
          attachments: collected.filter((a): a is ReceivedAttachment => a !== null),
        });
      }, fail);
    });
    source.pipe(parser);
  });
}

/** Reads an attachment's bytes up to the limit (the rest only counted), then lets the parser go on. */
function collectAttachment(
  attachment: AttachmentStream,
  maxBytes: number,
): Promise<ReceivedAttachment | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let size = 0;
    attachment.content.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (kept > maxBytes) return;
      const part = chunk.subarray(0, maxBytes + 1 - kept);
      chunks.push(part);
      kept += part.length;
    });
    attachment.content.on('error', reject);
    attachment.content.on('end', () => {
      attachment.release?.();
      if (attachment.related) resolve(null);
      else resolve({ filename: attachment.filename ?? null, bytes: Buffer.concat(chunks), size });
    });
  });
}

function headerText(headers: Headers, name: string): string | null {
  const value = headers.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The From header's display name, as the queue shows who sent it. */
function fromName(headers: Headers): string | null {
  const from = headers.get('from') as AddressObject | undefined;
  const name = from?.value[0]?.name?.trim();
  return name ? name : null;
}
