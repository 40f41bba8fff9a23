import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Queryable } from '../../db/database.ts';
import { outgoingMail } from '../../db/schema/mail.ts';
import type { MailMessage, Outbox } from './outbox.ts';

/** How the worker delivers queued mail; tests shorten the waits. */
export type MailQueueOptions = {
  /** How often the worker looks for due mail when nothing woke it. */
  pollMs: number;
  /** Messages claimed per round. */
  batchSize: number;
  /** Tries before a message is given up (it stays in the table with its last error). */
  maxAttempts: number;
  /** The wait after the first failure; each later failure doubles it, up to maxRetryDelayMs. */
  firstRetryDelayMs: number;
  maxRetryDelayMs: number;
  /**
   * How long a claimed message is left alone by other processes. A process that dies while delivering
   * leaves its messages to be claimed again after this, so a message is sent at least once.
   */
  claimLeaseMs: number;
};

export const DEFAULT_MAIL_QUEUE_OPTIONS: MailQueueOptions = {
  pollMs: 1000,
  batchSize: 10,
  maxAttempts: 8,
  firstRetryDelayMs: 30_000,
  maxRetryDelayMs: 60 * 60_000,
  claimLeaseMs: 5 * 60_000,
};

/** The wait before the next try after `attempts` failed tries: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(
  attempts: number,
  options: Pick<MailQueueOptions, 'firstRetryDelayMs' | 'maxRetryDelayMs'> = DEFAULT_MAIL_QUEUE_OPTIONS,
): number {
  return Math.min(options.maxRetryDelayMs, options.firstRetryDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Puts a message in the queue on `q`: the caller's transaction when it passes one, so the mail exists only
 * if the work it announces was saved. The worker delivers it after the commit.
 */
export async function queueMail(q: Queryable, message: MailMessage): Promise<void> {
  await q.insert(outgoingMail).values({
    recipient: message.to,
    subject: message.subject,
    text_body: message.text,
    html_body: message.html,
  });
}

export type MailQueue = {
  /** Starts polling; a woken or polling worker delivers every due message. */
  start(): void;
  /** Looks for due mail now rather than at the next poll (after an insert in this process). */
  wake(): void;
  /**
   * Delivers every due message, after whatever delivery this process has under way, and resolves when
   * none is left: how tests wait for mail without sleeping. Answers how many were claimed.
   */
  drain(): Promise<number>;
  /** Stops polling and waits for a delivery under way; mail still queued waits for the next start. */
  stop(): Promise<void>;
};

type ClaimedMail = {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
};

/**
 * The worker that delivers `outgoing_mail` through the outbox (files or SMTP). Several server processes
 * may run one each against the same database: a round claims due rows with FOR UPDATE SKIP LOCKED and
 * moves their send_after a lease ahead in the same statement, so no two processes take the same row, and
 * the delivery itself happens outside any transaction (an SMTP server can be slow). Within a process the
 * rounds run one at a time.
 */
export function createMailQueue(options: {
  db: Database;
  outbox: Outbox;
  log: FastifyBaseLogger;
  settings?: Partial<MailQueueOptions>;
}): MailQueue {
  const { db, outbox, log } = options;
  const settings = { ...DEFAULT_MAIL_QUEUE_OPTIONS, ...options.settings };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let roundQueued = false;
  // Rounds are chained so that one process never delivers in two rounds at once.
  let chain: Promise<unknown> = Promise.resolve();

  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  };

  async function claim(): Promise<ClaimedMail[]> {
    return queryRows<ClaimedMail>(
      db,
      sql`update ${outgoingMail}
          set attempts = attempts + 1,
              send_after = now() + ${settings.claimLeaseMs}::integer * interval '1 millisecond'
          where id in (
            select id from ${outgoingMail}
            where sent_at is null and send_after <= now() and attempts < ${settings.maxAttempts}
            order by send_after
            limit ${settings.batchSize}
            for update skip locked
          )
          returning id, recipient, subject, text_body, html_body, attempts`,
    );
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    try {
      await outbox.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
      });
    } catch (error) {
      await recordFailure(mail, error);
      return;
    }
    // The bodies carry single-use links (password reset, verification); once sent they are not kept, as
    // one_time_tokens keeps only hashes so that a copy of the database cannot use a pending link.
    await db
      .update(outgoingMail)
      .set({ sent_at: sql`now()`, last_error: null, text_body: '', html_body: '' })
      .where(eq(outgoingMail.id, mail.id));
  }

  async function recordFailure(mail: ClaimedMail, error: unknown): Promise<void> {
    const code = (error as { code?: unknown }).code;
    const message = error instanceof Error ? error.message : String(error);
    const givenUp = mail.attempts >= settings.maxAttempts;
    await db
      .update(outgoingMail)
      .set({
        last_error: `${typeof code === 'string' ? `${code}: ` : ''}${message}`.slice(0, 1000),
        send_after: sql`now() + ${retryDelayMs(mail.attempts, settings)}::integer * interval '1 millisecond'`,
        ...(givenUp ? { text_body: '', html_body: '' } : {}),
      })
      .where(eq(outgoingMail.id, mail.id));
    // An SMTP rejection's message can name the recipient; the log gets the message id and the code only.
    const fields = {
      mailId: mail.id,
      attempts: mail.attempts,
      code: typeof code === 'string' ? code : 'unknown',
    };
    if (givenUp) log.error(fields, 'mail given up after the last attempt');
    else log.warn(fields, 'mail not delivered; it will be retried');
  }

  /** Claims and delivers rounds until nothing due is left; answers how many messages were claimed. */
  async function deliverDue(): Promise<number> {
    let claimed = 0;
    for (;;) {
      const batch = await claim();
      claimed += batch.length;
      for (const mail of batch) await deliver(mail);
      if (batch.length < settings.batchSize) return claimed;
    }
  }

  function wake(): void {
    if (stopped || roundQueued) return;
    roundQueued = true;
    serially(async () => {
      roundQueued = false;
      if (!stopped) await deliverDue();
    }).catch((error: unknown) => {
      // The database may be restarting; the next poll tries again.
      log.error({ err: error }, 'mail queue round failed');
    });
  }

  return {
    start() {
      if (timer !== undefined || stopped) return;
      timer = setInterval(wake, settings.pollMs);
      timer.unref();
      wake();
    },
    wake,
    drain: () => serially(deliverDue),
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await chain;
    },
  };
}
