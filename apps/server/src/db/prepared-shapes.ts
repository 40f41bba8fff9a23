import { getTableName, is, Param, Placeholder, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './database.ts';

/**
 * A statement that is built and prepared once for each of its shapes and then only bound and run. For a
 * hot read whose WHERE varies with the request (which filters are given, how many words), building the
 * SQL cost drizzle more CPU than the database spent running it, and planning cost the database as much as
 * running: a prepared statement pays neither (bench/patient-search.ts).
 *
 * The builder decides the shape: every choice that changes the SQL text is a `part` (a short name that
 * says which choice was taken) and every value goes through `bind`. `prepare` refuses a statement with a
 * value written into its text, so a forgotten `bind` fails the first test that runs it, not a later
 * request of the same shape with other values.
 */
export class StatementShape {
  private readonly parts: string[] = [];
  readonly values: Record<string, unknown> = {};
  private bound = 0;

  /** Records one choice that changes the SQL text; returns the fragment for chaining. */
  part<T>(name: string, fragment: T): T {
    this.parts.push(name);
    return fragment;
  }

  /** A numbered placeholder carrying `value`. */
  bind(value: unknown): Placeholder {
    const name = `v${this.bound++}`;
    this.values[name] = value;
    return sql.placeholder(name);
  }

  /**
   * The shape's statement name for a statement kind: the server keeps one prepared statement per name.
   * Numbered in this process (the parts can be longer than a name may be); '' (unnamed, planned for this
   * call alone) once MAX_SHAPES are named, since a client could ask for ever more words in a search.
   */
  nameFor(kind: string): string {
    const key = `${kind}:${this.parts.join('|')}`;
    let name = shapeNames.get(key);
    if (!name && shapeNames.size < MAX_SHAPES) shapeNames.set(key, (name = `${kind}_${shapeNames.size + 1}`));
    return name ?? '';
  }
}

const MAX_SHAPES = 500;

/**
 * The columns of an insert or update, each value bound and each column a part of the shape, in name order:
 * one set of columns is one statement, whatever the values (undefined ones are left out, as drizzle does).
 */
export function boundColumns<Columns extends Record<string, unknown>>(
  shape: StatementShape,
  columns: Columns,
): { [Column in keyof Columns]: Placeholder } {
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([column, value]) => [column, shape.part(column, shape.bind(value))]),
  ) as { [Column in keyof Columns]: Placeholder };
}

const shapeNames = new Map<string, string>();

type Preparable<Prepared> = {
  toSQL(): { params: unknown[] };
  prepare(name: string): Prepared;
};

/** Built statements by name and driver: a process has one driver, a test run may open either. */
const statements = new Map<string, unknown>();

/**
 * drizzle's prepared query runs on the client it was built on: the pool, PGlite, or one transaction's
 * connection. These are the places of that client in drizzle's handles and prepared queries.
 */
type ClientHolder = { client: unknown };
const sessionOf = (q: Queryable) => (q as unknown as { session: ClientHolder }).session;

/**
 * The statement prepared for `q`: the one built for another handle or transaction of the same driver,
 * given `q`'s client. A copy, so that two transactions running the same statement each keep their own.
 */
function runOn<Prepared>(prepared: Prepared, q: Queryable): Prepared {
  const client = sessionOf(q).client;
  if ((prepared as ClientHolder).client === client) return prepared;
  return Object.assign(Object.create(Object.getPrototypeOf(prepared) as object) as object, prepared, {
    client,
  });
}

/**
 * The prepared statement of `kind` for this shape, to run on `q` (a handle or a transaction), built by
 * `build` the first time this process meets the shape: a transaction's write runs statements built for
 * an earlier one. On PostgreSQL the name also has each connection parse it once (statement-names.ts).
 */
export function preparedFor<Prepared>(
  q: Queryable,
  kind: string,
  shape: StatementShape,
  build: () => Preparable<Prepared>,
): Prepared {
  const name = shape.nameFor(kind);
  const key = `${sessionOf(q).constructor.name}:${name}`;
  const known = name ? (statements.get(key) as Prepared | undefined) : undefined;
  if (known) return runOn(known, q);
  const query = build();
  const written = query
    .toSQL()
    .params.filter((p) => !is(p, Placeholder) && !(is(p, Param) && is(p.value, Placeholder)));
  if (written.length > 0) throw new Error(`${kind}: a value is written into the statement instead of bound`);
  const prepared = query.prepare(name);
  if (name) statements.set(key, prepared);
  return prepared;
}

/**
 * Inserts `rows` into `table` through a statement built once for each set of columns and number of rows:
 * for rows written on every request (audit, history, notifications), building the insert cost the server
 * more CPU than PostgreSQL spent running it. A column left undefined takes its default, as drizzle does.
 */
export async function insertBuiltOnce<Table extends PgTable>(
  q: Queryable,
  table: Table,
  rows: Table['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const shape = new StatementShape();
  const values = rows.map((row) => boundColumns(shape, row as Record<string, unknown>));
  await preparedFor(q, `${getTableName(table)}_insert`, shape, () =>
    q.insert(table).values(values as PgInsertValue<Table>[]),
  ).execute(shape.values);
}

/**
 * The bounds of the values that start with `prefix`, for a range on a text_pattern_ops index (`col ~>=~
 * low and col ~<~ high`, byte order, which is code point order in UTF-8). Unlike `like $1`, a range keeps
 * using the index in a prepared statement's generic plan, whose pattern is not known when it is planned.
 */
export function prefixBounds(prefix: string): { low: string; high: string } {
  const points = Array.from(prefix, (c) => c.codePointAt(0) ?? 0);
  while (points.length > 0) {
    const last = (points.pop() ?? 0) + 1;
    if (last <= 0x10ffff) {
      // The next code point after the surrogates' block, which no string holds alone.
      points.push(last >= 0xd800 && last <= 0xdfff ? 0xe000 : last);
      return { low: prefix, high: String.fromCodePoint(...points) };
    }
  }
  // Only a prefix made of U+10FFFF alone (a noncharacter) gets here: nothing sorts after it.
  return { low: prefix, high: `${prefix}\u{10ffff}` };
}
