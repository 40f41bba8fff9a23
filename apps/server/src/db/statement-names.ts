import type pg from 'pg';

/**
 * How many statement texts one pool names. A text that varies with the data (an IN list of any length)
 * would otherwise name ever more statements, each kept by every connection until it closes.
 */
const MAX_NAMED_STATEMENTS = 500;

/** The name of each statement text, the same on every connection of one pool. */
export type StatementNames = (text: string) => string | undefined;

/** Names for one pool's statements: the first MAX_NAMED_STATEMENTS texts it meets. */
export function statementNames(): StatementNames {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS)
      names.set(text, (name = `s${names.size + 1}`));
    return name;
  };
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * Every statement with parameters that `client` sends is sent as a named prepared statement, so
 * PostgreSQL parses it once per connection and, after a few runs, plans it once (its generic plan; see
 * "plan_cache_mode"), where an unnamed statement is parsed and planned for every call. Parsing and
 * planning the statements of a write cost PostgreSQL more CPU than running them (bench/referral-writes.ts).
 * A statement that already has a name (prepared-shapes.ts) keeps it; one without parameters (BEGIN,
 * COMMIT, DDL) stays a simple query.
 */
export function nameStatements(client: pg.ClientBase, nameOf: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [first, values] = args;
    if (typeof first === 'string' && Array.isArray(values) && values.length > 0) {
      const name = nameOf(first);
      if (name) return query({ name, text: first }, ...args.slice(1));
    } else if (typeof first === 'object' && first !== null && !('submit' in first)) {
      const config = first as QueryConfig;
      const parameters = Array.isArray(values) ? values : config.values;
      if (
        typeof config.text === 'string' &&
        !config.name &&
        Array.isArray(parameters) &&
        parameters.length > 0
      ) {
        const name = nameOf(config.text);
        if (name) return query({ ...config, name }, ...args.slice(1));
      }
    }
    return query(...args);
  };
}
