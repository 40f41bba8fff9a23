/**
 * Whether an error means the database connection is gone (a restart, a failover, a terminated backend, an
 * unreachable server) rather than a fault in the statement: such a request is answered 503 and may be
 * tried again. drizzle wraps the driver's error, so the cause chain is searched.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08'))) return true;
    if (LOST_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : '')))
      return true;
    current = current.cause;
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
