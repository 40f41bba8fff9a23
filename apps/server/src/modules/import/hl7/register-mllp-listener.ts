import type { FastifyInstance } from 'fastify';
import { MllpListener } from './mllp-listener.ts';

/**
 * The HL7 v2 listener of the import queue (docs/interop.md), when HL7_MLLP_PORT turns it on: it listens once
 * the app is ready and stops before the app closes its database, letting the messages being stored finish.
 */
export function registerMllpListener(app: FastifyInstance): void {
  const settings = app.config.mllp;
  if (!settings) return;
  const listener = new MllpListener({ db: app.database.db, storage: app.storage, log: app.log });
  app.addHook('onReady', () => listener.listen(settings.port, settings.host));
  app.addHook('preClose', () => listener.close());
}
