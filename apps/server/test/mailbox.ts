import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** One message the file outbox wrote, as much of it as tests read. */
export type SentMail = { file: string; to: string; subject: string; text: string; html: string };

/**
 * The mail the app has sent, oldest first: its queue is drained first (every due message delivered, after
 * any delivery under way), so a test reads what its requests queued without waiting on a timer.
 */
export async function readMailbox(app: FastifyInstance): Promise<SentMail[]> {
  await app.jobs.drain();
  return readMailFiles(app.config.dataDir);
}

/** The messages in DATA_DIR/mail, oldest first (the file names start with the time). */
export async function readMailFiles(dataDir: string): Promise<SentMail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => parseMail(file, await readFile(path.join(dir, file), 'utf8'))),
  );
}

/** The address of the first link in the message's text that starts with `prefix`. */
export function linkIn(mail: SentMail | undefined, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${escaped}\\S*`).exec(mail?.text ?? '')?.[0];
  if (!found) throw new Error(`no link to ${prefix} in ${mail?.subject ?? 'a missing message'}`);
  return found;
}

// Just enough MIME for the messages nodemailer writes: headers, multipart/alternative, QP or base64 parts.
function parseMail(file: string, raw: string): SentMail {
  const { headers, body } = splitPart(raw);
  const parts = partsOf(headers, body);
  const part = (type: string) => parts.find((p) => (p.headers['content-type'] ?? '').startsWith(type));
  return {
    file,
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    text: decode(part('text/plain')),
    html: decode(part('text/html')),
  };
}

type Part = { headers: Record<string, string>; body: string };

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end < 0 ? normalised : normalised.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end < 0 ? '' : normalised.slice(end + 2) };
}

function partsOf(headers: Record<string, string>, body: string): Part[] {
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const part = splitPart(chunk.replace(/^\n/, ''));
      return partsOf(part.headers, part.body);
    });
}

function decode(part: Part | undefined): string {
  if (!part) return '';
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}
