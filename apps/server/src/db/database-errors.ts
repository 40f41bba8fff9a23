/** The errors of `error`'s cause chain, itself first: drizzle wraps the driver's error in its own. */
function* causes(error: unknown): Generator<Error> {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    yield current;
    current = current.cause;
  }
}

/** Whether `error` or an error it wraps carries a code (an SQLSTATE, or Node's) that `matches`. */
function hasCode(error: unknown, matches: (code: string) => boolean): boolean {
  for (const current of causes(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && matches(code)) return true;
  }
  return false;
}

/**
 * Whether an error means the database connection is gone (a restart, a failover, a terminated backend, an
 * unreachable server) rather than a fault in the statement: such a request is answered 503 and may be
 * tried again.
 */
export function isConnectionLost(error: unknown): boolean {
  if (hasCode(error, (code) => LOST_CODES.has(code) || code.startsWith('08'))) return true;
  for (const current of causes(error)) {
    if (LOST_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}

// SQLSTATE class 08 (connection exception) is matched by prefix; these are the rest.
const LOST_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

// pg reports a closed socket and a pool that cannot connect in time by message only; PGlite, being closed
// (the server shutting down), likewise.
const LOST_MESSAGES = [
  /^PGlite is closed/,
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
];

/**
 * Whether PostgreSQL refused a transaction for another's sake: it was chosen to break a deadlock (40P01)
 * or could not be serialised with a concurrent one (40001). It was rolled back whole, and run again it
 * usually commits (docs/ARCHITECTURE.md, Writes under contention).
 */
export function isWriteConflict(error: unknown): boolean {
  return hasCode(error, (code) => code === '40P01' || code === '40001');
}

/**
 * Whether the database is too busy to answer now rather than the request at fault: a write conflict that
 * its retries did not get past, or a statement that ran into the statement timeout (57014) or a lock
 * timeout (55P03).
 */
export function isDatabaseBusy(error: unknown): boolean {
  return isWriteConflict(error) || hasCode(error, (code) => code === '57014' || code === '55P03');
}

/**
 * PostgreSQL refuses text with a NUL character (SQLSTATE 22021) wherever it arrives from; that is the
 * client's input, not a fault of ours.
 */
export function isUnstorableText(error: unknown): boolean {
  return hasCode(error, (code) => code === '22021');
}

/**
 * Whether a statement was refused because an earlier one of its transaction failed ("current transaction
 * is aborted", 25P02): that earlier failure is the one to answer.
 */
export function isAbortedTransaction(error: unknown): boolean {
  return hasCode(error, (code) => code === '25P02');
}
