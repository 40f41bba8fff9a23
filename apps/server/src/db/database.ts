import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import { batchedSocket } from './batched-socket.ts';
import { isConnectionLost, isWriteConflict } from './database-errors.ts';
import { nameStatements, statementNames } from './statement-names.ts';
import { finishingSteps } from './transaction-steps.ts';
import {
  CALLER_CHANGES_CHANNEL,
  callerChangeFeed,
  listenForCallerChanges,
  type CallerChangeFeed,
  type CallerChanges,
} from './caller-changes.ts';

/** The one query layer: the same drizzle API over embedded PGlite and a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Anything a query can run on: the database or a transaction in progress. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Answers whether the database takes a trivial query; used by /api/health. */
  ping(): Promise<boolean>;
  /** Changes to what a session check reads, committed by any process (caller-changes.ts). */
  callerChanges: CallerChanges;
  /**
   * The same database, signed in as another role (the server's runtime role, runtime-role.ts): a pool of
   * its own on PostgreSQL. PGlite has a single session, which takes the role over, so this handle then
   * runs as that role too and the returned one owns the session.
   */
  signInAs(login: DatabaseLogin): Promise<DatabaseHandle>;
  /** The pool's connections on PostgreSQL (PGlite has one session and no pool): for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export type DatabaseLogin = { role: string; password: string };

/**
 * pg-pool awaits the promise `onConnect` returns before it hands the new connection out; @types/pg says
 * void, and does not know pg's pipeline mode yet.
 */
type PoolConfigAwaitingConnect = Omit<pg.PoolConfig, 'onConnect'> & {
  onConnect: (client: pg.ClientBase) => Promise<void>;
  pipeline: boolean;
};

export type DatabaseOptions = {
  /** A PostgreSQL server; without it, embedded PGlite. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` (or absent) keeps them in memory. */
  pgliteDir?: string | undefined;
  /** A dump of an already-migrated PGlite to start from (tests use it to skip initdb). */
  pgliteDump?: Blob | undefined;
  poolSize?: number;
  statementTimeoutMs?: number;
  /** Called when an idle pooled connection fails, e.g. the server restarted. */
  onPoolError?: (error: Error) => void;
};

// pg returns int8 (count(*), bigserial) as a string and PGlite as a number; counts and ids in this
// product stay far below 2^53, so both drivers hand the application a number. Drizzle passes its own
// per-query parsers that fall back to pg's global ones, so the global parser is the one that counts.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options);
  return openPglite(options);
}

async function openPostgres(
  url: string,
  options: DatabaseOptions,
  signedInFrom?: CallerChanges,
): Promise<DatabaseHandle> {
  const feed = callerChangeFeed();
  const names = statementNames();
  const config: PoolConfigAwaitingConnect = {
    connectionString: url,
    max: options.poolSize ?? 10,
    statement_timeout: options.statementTimeoutMs ?? 15_000,
    idle_in_transaction_session_timeout: (options.statementTimeoutMs ?? 15_000) * 2,
    connectionTimeoutMillis: 10_000,
    stream: batchedSocket,
    // Statements a transaction has in flight at once (transaction-steps.ts) are sent together and
    // answered in order, one round trip for all. One that fails still fails the transaction: PostgreSQL
    // refuses the ones behind it.
    pipeline: true,
    onConnect: (client) => {
      nameStatements(client, names);
      return listenForCallerChanges(client, feed);
    },
  };
  const pool = new pg.Pool(config);
  // Without a listener, a client's error (database restart, failover, pg_terminate_backend) crashes the
  // process: the pool listens to idle clients, and this listens to every client for its whole life,
  // including while a request has it checked out between two statements. (While `onConnect` runs, before
  // this, the pool's own listener is attached.)
  pool.on('error', (error) => options.onPoolError?.(error));
  pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
  // What the handle it signed in from hears is passed on too: a write through it (the owner's, in tests
  // and tools) is then forgotten here before the write returns, not a few milliseconds later. Its gaps do
  // not matter: this pool's own listening connections already hear every change.
  const unsubscribe = signedInFrom?.subscribe({ changed: feed.changed, reset: () => undefined });
  pool.query = retryReadOnce(pool.query.bind(pool)) as typeof pool.query;
  const db = drizzlePg({ client: pool });
  db.transaction = retryRefusedTransaction(
    retryUnbegunTransaction(finishingStepsBeforeCommit(db.transaction.bind(db))),
  ) as typeof db.transaction;
  const handle: DatabaseHandle = {
    db,
    kind: 'postgres',
    ping: () => ping(() => pool.query('select 1')),
    callerChanges: feed.changes,
    signInAs: (login) => openPostgres(urlSignedInAs(url, login), options, feed.changes),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close() {
      unsubscribe?.();
      return pool.end();
    },
  };
  // Fail at start-up, not at the first request, when the server cannot be reached.
  await pool.query('select 1');
  return handle;
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const dir = options.pgliteDir;
  if (dir && !dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true });
  // PGlite runs in this process and serves one query at a time, so it has no statement timeout of its own;
  // production uses a PostgreSQL server where the pool sets one.
  const client = await PGlite.create(dir && !dir.startsWith('memory://') ? dir : undefined, {
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
  });
  const feed = await listenOnPglite(client);
  const db = drizzlePglite({ client });
  // One session cannot deadlock with itself; a refusal still comes from a trigger that raises one.
  db.transaction = retryRefusedTransaction(
    finishingStepsBeforeCommit(db.transaction.bind(db)),
  ) as typeof db.transaction;
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    ping: () => ping(() => client.query('select 1')),
    callerChanges: feed.changes,
    async signInAs(login) {
      // PGlite's one session belongs to its superuser: the role applies to every later statement, but
      // SQL could RESET it, which only a PostgreSQL server's separate login rules out (docs/security.md).
      await client.exec(`set role ${quoteIdentifier(login.role)}`);
      return handle;
    },
    async close() {
      if (feed.changes.live()) feed.listeningStopped();
      await client.close();
    },
  };
  return handle;
}

/**
 * PGlite's one session listens for the life of the database, so its feed is always live. It tells of a
 * change in a microtask queued while reading the committing statement's answer, so before the write's
 * promise resolves (caller-changes.test.ts proves it), as a pooled PostgreSQL connection does.
 */
async function listenOnPglite(client: PGlite): Promise<CallerChangeFeed> {
  const feed = callerChangeFeed();
  await client.listen(CALLER_CHANGES_CHANNEL, feed.changed);
  feed.listeningStarted();
  return feed;
}

/**
 * A read sent alone on a pooled connection that turns out dead (its backend was terminated while idle, and
 * the pool had not noticed yet) is sent once more, on a fresh connection. Only a read: a write may have
 * reached the server before the connection broke.
 */
function retryReadOnce(query: (...args: unknown[]) => unknown) {
  return (...args: unknown[]) => {
    const first = query(...args);
    const [statement] = args as [string | { text?: string } | undefined];
    const text = typeof statement === 'string' ? statement : statement?.text;
    if (!(first instanceof Promise) || !text || !/^\s*select\b/i.test(text)) return first;
    return first.catch((error: unknown) => {
      if (!isConnectionLost(error)) throw error;
      return query(...args);
    });
  };
}

/** A transaction that commits once the steps its work left to finish have (transaction-steps.ts). */
function finishingStepsBeforeCommit<Work extends (tx: never) => Promise<unknown>, Options>(
  transaction: (work: Work, options?: Options) => Promise<unknown>,
) {
  return (work: Work, options?: Options) => transaction(finishingSteps(work) as Work, options);
}

/**
 * A transaction whose BEGIN failed on a dead pooled connection did nothing yet, so it runs once more on a
 * fresh one. Once its work has started, a lost connection is the caller's 503: whether COMMIT got through
 * cannot be known.
 */
function retryUnbegunTransaction<Work extends (tx: never) => Promise<unknown>, Options>(
  transaction: (work: Work, options?: Options) => Promise<unknown>,
) {
  return async (work: Work, options?: Options) => {
    let began = false;
    const attempt = () =>
      transaction(
        ((tx: never) => {
          began = true;
          return work(tx);
        }) as Work,
        options,
      );
    try {
      return await attempt();
    } catch (error) {
      if (began || !isConnectionLost(error)) throw error;
      return attempt();
    }
  };
}

/** How often a transaction PostgreSQL refused for another's sake is run in all before the caller's 503. */
export const TRANSACTION_ATTEMPTS = 5;

/**
 * A transaction that PostgreSQL rolled back to break a deadlock or a serialization conflict (database-
 * errors.ts) left nothing behind, so it runs again, after a random pause that doubles with each attempt
 * (up to 10, 20, 40, 80 ms) so the transactions that met go on at different moments. The work runs whole
 * each time: its audit and history rows are written by the attempt that commits, once. After the last
 * attempt the refusal goes to the caller, which answers 503 with Retry-After (http/error-handler.ts).
 */
function retryRefusedTransaction<Work extends (tx: never) => Promise<unknown>, Options>(
  transaction: (work: Work, options?: Options) => Promise<unknown>,
) {
  return async (work: Work, options?: Options) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(work, options);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isWriteConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** attempt));
      }
    }
  };
}

function urlSignedInAs(url: string, login: DatabaseLogin): string {
  const signedIn = new URL(url);
  signedIn.username = encodeURIComponent(login.role);
  signedIn.password = encodeURIComponent(login.password);
  return signedIn.toString();
}

/** A name safe to splice into SQL where a parameter cannot go (SET ROLE, ALTER ROLE). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function ping(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which drizzle's types leave open. */
export async function queryRows<T extends Record<string, unknown>>(q: Queryable, query: SQL): Promise<T[]> {
  const result: unknown = await q.execute(query);
  return (result as { rows: T[] }).rows;
}
