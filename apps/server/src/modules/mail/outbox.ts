import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Transaction } from '../../db/database.ts';
import { MAIL_DELIVERY, mailDelivery, queueMail } from './mail-delivery.ts';

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

/**
 * Mail for the app: routes queue messages in `outgoing_mail` (sendMail), each with a job, and the job
 * runner delivers them through the outbox, SMTP when SMTP_URL is set, otherwise .eml files in
 * DATA_DIR/mail. Needs the job runner (registerJobs) registered first.
 */
export function registerMail(app: FastifyInstance): void {
  const outbox = createOutbox(app.config, app.log);
  app.decorate('outbox', outbox);
  app.jobs.handle(MAIL_DELIVERY, mailDelivery(app.database.db, outbox));
  app.addHook('onClose', () => outbox.close());
}

/**
 * Queues one message for delivery. Given the caller's transaction, the message is written in it, so it is
 * sent only if the work commits; the job runner then finds it at its next poll (within a second), or
 * sooner when the caller calls `app.jobs.wake()` after the commit. Without a transaction the worker is woken
 * at once. Delivery failures are retried by the worker and never reach the request.
 */
export async function sendMail(app: FastifyInstance, message: MailMessage, tx?: Transaction): Promise<void> {
  await queueMail(tx ?? app.database.db, message);
  if (!tx) app.jobs.wake();
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
