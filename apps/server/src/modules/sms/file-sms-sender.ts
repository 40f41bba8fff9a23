import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { SmsSender } from './sms-sender.ts';

/** The folder the file sender writes to, as DATA_DIR/mail is the mail outbox's. */
export function smsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'sms');
}

/**
 * The default sender, with no gateway configured: each message becomes a text file in DATA_DIR/sms, a `To:`
 * line, a blank line and the text, so development and tests can read what a patient would have received.
 */
export function createFileSmsSender(config: Pick<Config, 'dataDir'>, log: FastifyBaseLogger): SmsSender {
  const dir = smsDir(config);
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      // ISO time first so a directory listing is in sending order; the suffix keeps same-millisecond sends apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`;
      await writeFile(path.join(dir, name), `To: ${message.to}\n\n${message.body}\n`, { mode: 0o600 });
      // A phone number is personal information: the log names the file, never the recipient or the text.
      log.info({ file: name }, 'text message written to the sms folder');
      return { id: name };
    },
  };
}
