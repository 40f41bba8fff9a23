import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/database.ts';
import { outgoingMail } from '../../db/schema/mail.ts';
import { queueJob, type JobHandler } from '../../jobs/job-runner.ts';
import type { MailMessage, Outbox } from './outbox.ts';

export const MAIL_DELIVERY = 'mail.deliver';

/**
 * Puts a message and the job that delivers it on `q`: the caller's transaction when it passes one, so the
 * mail exists only if the work it announces was saved.
 */
export async function queueMail(q: Queryable, message: MailMessage): Promise<void> {
  const [mail] = await q
    .insert(outgoingMail)
    .values({
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
    })
    .returning({ id: outgoingMail.id });
  await queueJob(q, MAIL_DELIVERY, { mail_id: mail?.id });
}

/** Clears a message's bodies: they carry single-use links (password reset, verification). */
const withoutBodies = { text_body: '', html_body: '' };

/**
 * Delivers one queued message through the outbox (files or SMTP). A message already sent is not sent
 * again when its job runs twice; once sent, or given up, it keeps its recipient and subject but not its
 * bodies, as one_time_tokens keeps only hashes, so a copy of the database cannot use a pending link.
 */
export function mailDelivery(db: Database, outbox: Outbox): JobHandler {
  const mailOf = (payload: Record<string, unknown>) => String(payload.mail_id);
  return {
    async run(job) {
      const [mail] = await db
        .select()
        .from(outgoingMail)
        .where(and(eq(outgoingMail.id, mailOf(job.payload)), isNull(outgoingMail.sent_at)));
      if (!mail) return;
      await outbox.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
      });
      await db
        .update(outgoingMail)
        .set({ sent_at: new Date(), ...withoutBodies })
        .where(eq(outgoingMail.id, mail.id));
    },
    async giveUp(job) {
      await db
        .update(outgoingMail)
        .set(withoutBodies)
        .where(eq(outgoingMail.id, mailOf(job.payload)));
    },
  };
}
