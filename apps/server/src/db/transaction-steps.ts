import { isAbortedTransaction } from './database-errors.ts';

/**
 * The steps a transaction starts and need not wait for: rows nothing after them in the transaction reads
 * (a write's history, notification and audit rows). Started at once, their statements are pipelined on the
 * transaction's connection (db/database.ts) with the ones the transaction sends next, one round trip for
 * all rather than one each; the transaction commits only once every step has finished, and fails if one
 * did (docs/ARCHITECTURE.md, Writes under contention).
 */
const unfinished = new WeakMap<object, Promise<unknown>[]>();

/** Lets `tx` go on while `steps` run; its commit waits for them (finishingSteps). */
export function finishBeforeCommit(tx: object, ...steps: PromiseLike<unknown>[]): void {
  const pending = unfinished.get(tx);
  if (!pending) throw new Error('finishBeforeCommit takes a transaction of db.transaction');
  for (const step of steps) {
    // Once: a drizzle query is a thenable that runs again each time it is awaited.
    const started = Promise.resolve(step);
    // A step that fails before the commit looks at it is not an unhandled rejection: the commit throws it.
    started.catch(() => undefined);
    pending.push(started);
  }
}

/**
 * A transaction's work that returns, or throws, only once every step it left to finish before commit has
 * finished: a step whose sibling failed must not send a statement after the rollback (it would run outside
 * the transaction, or on the connection's next user). The first failure is thrown: the work's own, unless
 * it was refused for a step's.
 */
export function finishingSteps<Tx extends object, T>(work: (tx: Tx) => Promise<T>): (tx: Tx) => Promise<T> {
  return async (tx) => {
    const pending: Promise<unknown>[] = [];
    unfinished.set(tx, pending);
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      const failure = await settle(pending);
      // A statement the work sent behind a failed step was refused for it ("current transaction is
      // aborted"): the step's failure is the one to answer (a deadlock is run again, for one).
      throw failure && isAbortedTransaction(error) ? failure.reason : error;
    }
    const failure = await settle(pending);
    if (failure) throw failure.reason;
    return result;
  };
}

/** Waits for every step, including those a step started while the others ran; the first failure. */
async function settle(pending: Promise<unknown>[]): Promise<PromiseRejectedResult | undefined> {
  let failure: PromiseRejectedResult | undefined;
  for (let settled = 0; settled < pending.length;) {
    const batch = pending.slice(settled);
    settled = pending.length;
    const outcomes = await Promise.allSettled(batch);
    failure ??= outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  }
  return failure;
}
