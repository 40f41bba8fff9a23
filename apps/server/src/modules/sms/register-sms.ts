import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { createFileSmsSender } from './file-sms-sender.ts';
import { SMS_SEND, smsDelivery } from './sms-delivery.ts';
import type { SmsSender } from './sms-sender.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';

/** The configured gateway (SMS_GATEWAY=twilio), or files in DATA_DIR/sms by default. */
export function createSmsSender(
  config: Pick<Config, 'dataDir' | 'smsGateway'>,
  log: FastifyBaseLogger,
): SmsSender {
  return config.smsGateway ? createTwilioSmsSender(config.smsGateway, log) : createFileSmsSender(config, log);
}

/**
 * Text messages for the app: notifications queue `sms.send` jobs (queueSms), and the job runner sends them
 * through the configured sender, retrying failures. Needs the job runner (registerJobs) registered first.
 */
export function registerSms(app: FastifyInstance): void {
  app.jobs.handle(SMS_SEND, smsDelivery(app.database.db, createSmsSender(app.config, app.log)));
}
