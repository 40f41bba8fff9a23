import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { queueJob, type JobHandler } from '../../jobs/job-runner.ts';
import type { SmsMessage, SmsSender } from './sms-sender.ts';

export const SMS_SEND = 'sms.send';

const QueuedSmsSchema = z.object({ to: z.string().min(1), body: z.string().min(1) });

/**
 * Queues a text message as an `sms.send` job on `q`: the caller's transaction, so the message is sent only
 * if the change it announces commits. The job's payload carries the recipient and the text until the
 * message is sent or given up (there is no outgoing-SMS table); the handler then clears them.
 */
export async function queueSms(q: Queryable, message: SmsMessage): Promise<void> {
  await queueJob(q, SMS_SEND, { to: message.to, body: message.body });
}

/**
 * Sends one queued text message. The runner runs a job at least once: a process that dies, or loses the
 * database, after the gateway accepted the message but before the job is marked done leaves it to be run
 * again. So the handler records the gateway's id in the job's payload as soon as the send returns, and a
 * job that already has one is not sent again. Only a crash between the gateway's answer and that update
 * (or an answer lost in transit, which looks like a failure) can still send a message twice; the gateways
 * offer no idempotency key to close that gap.
 */
export function smsDelivery(db: Database, sender: SmsSender): JobHandler {
  // Once sent or given up, the job keeps no phone number and no text: the jobs table is kept for good.
  const settle = (jobId: string, payload: Record<string, string>) =>
    db.update(jobs).set({ payload }).where(eq(jobs.id, jobId));
  return {
    async run(job) {
      if (typeof job.payload.sent_id === 'string') return;
      const { id } = await sender.send(QueuedSmsSchema.parse(job.payload));
      await settle(job.id, { sent_id: id });
    },
    async giveUp(job) {
      await settle(job.id, {});
    },
  };
}
