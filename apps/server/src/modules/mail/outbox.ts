import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

/** One outgoing message. Mail never carries patient data: it tells people to sign in to see it. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Outbox = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/** The outbox the routes send through: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/mail. */
export function registerMail(app: FastifyInstance): void {
  const outbox = createOutbox(app.config, app.log);
  app.decorate('outbox', outbox);
  app.addHook('onClose', () => outbox.close());
}

/** Sends one message through the app's outbox. */
export function sendMail(app: FastifyInstance, message: MailMessage): Promise<void> {
  return app.outbox.send(message);
}

/** The folder the file outbox writes to (and a development mailbox can read from). */
export function mailDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'mail');
}

export function createOutbox(
  config: Pick<Config, 'dataDir' | 'smtpUrl' | 'mailFrom'>,
  log: FastifyBaseLogger,
): Outbox {
  // Addresses are personal information: the log names the message by its file or id, never its recipient.
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl, { from: config.mailFrom });
    return {
      async send(message) {
        const info = await transport.sendMail(message);
        log.info({ messageId: info.messageId, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const dir = mailDir(config);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(dir, { recursive: true });
      // ISO time first so a directory listing is in sending order; the suffix keeps same-millisecond sends apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
      log.info({ file: name, subject: message.subject }, 'mail written to the outbox folder');
    },
    close: () => transport.close(),
  };
}
