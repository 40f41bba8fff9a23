import type { FastifyInstance } from 'fastify';
import type { SMTPServer } from 'smtp-server';
import { registerMllpListener } from '../hl7/register-mllp-listener.ts';
import { registerBodyRetentionJob } from './body-retention-job.ts';
import { createInboundSmtpServer } from './inbound-smtp-server.ts';

/** Listens, or fails with the reason (a port in use) so the app does not start without its intake. */
function listen(server: SMTPServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
}

function close(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * The inbound mail of the import queue (docs/import-queue.md), when INBOUND_SMTP_PORT turns it on: it
 * listens once the app is ready and stops before the app closes its database, letting a message under way
 * finish (smtp-server waits for it up to its close timeout).
 */
function registerInboundMail(app: FastifyInstance): void {
  const settings = app.config.inboundMail;
  if (!settings) return;
  const server = createInboundSmtpServer({
    db: app.database.db,
    storage: app.storage,
    domain: settings.domain,
    log: app.log,
  });
  app.addHook('onReady', () => listen(server, settings.port, settings.host));
  app.addHook('preClose', () => close(server));
}

/**
 * The import queue's intake: the inbound mail and the HL7 v2 listener when they are on, and the daily sweep
 * of message text always.
 */
export function registerImportIntake(app: FastifyInstance): void {
  registerInboundMail(app);
  registerMllpListener(app);
  registerBodyRetentionJob(app);
}
