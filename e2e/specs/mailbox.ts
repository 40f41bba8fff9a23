import { expect } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The text of a message the file outbox wrote, with quoted-printable and base64 bodies decoded. */
function decodeMail(raw: string): string {
  const unfolded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Blocks = raw.match(/(?:^[A-Za-z0-9+/=]{40,}\r?\n)+/gm) ?? [];
  return [
    unfolded,
    ...base64Blocks.map((block) => Buffer.from(block.replace(/\s/g, ''), 'base64').toString('utf8')),
  ].join('\n');
}

/**
 * The first match of `pattern` in the newest mail to `to` holding one, once the server's mail queue has
 * delivered it to DATA_DIR/mail.
 */
export async function matchInMail(to: string, pattern: RegExp, what: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
        for (const file of files.sort().reverse()) {
          const mail = decodeMail(await readFile(path.join(dir, file), 'utf8'));
          if (!new RegExp(`^To:.*${to.replace(/[.]/g, '\\.')}`, 'mi').test(mail)) continue;
          found = pattern.exec(mail)?.[0] ?? null;
          if (found !== null) return true;
        }
        return false;
      },
      { message: `${what} to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found ?? '';
}

/** The path and query of the first link matching `link` in the newest mail to `to` that has one. */
export async function linkInMail(to: string, link: RegExp, what: string): Promise<string> {
  const url = new URL(await matchInMail(to, link, what));
  return `${url.pathname}${url.search}`;
}
