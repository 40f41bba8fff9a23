import type { FastifyInstance } from 'fastify';
import { registerDailyJob } from '../../jobs/daily-job.ts';
import { sendReferralReminders } from './send-referral-reminders.ts';

export const REMINDERS_JOB = 'reminders.daily';

/**
 * The daily reminders on the durable job runner: one sweep a day at 7 am Sydney time (the spec's dates are
 * Australian), each sweep queueing the next, one queued whatever the number of processes. Were two to run
 * at once, each reminder would still go once (send-referral-reminders.ts).
 */
export function registerReminderJobs(app: FastifyInstance): void {
  registerDailyJob(app, {
    kind: REMINDERS_JOB,
    hour: 7,
    run: async () => ({ sent: await sendReferralReminders(app.database.db) }),
    done: 'referral reminders sent',
    describe: 'the daily reminders',
  });
}
