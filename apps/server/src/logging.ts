import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/** Where log lines go instead of stdout (each `write` is one JSON line). */
export type LogDestination = { write(line: string): void };

/**
 * Structured JSON logs that carry no patient data or tokens: the query string (which holds searches such
 * as patient names) is cut from logged URLs, credentials are redacted wherever they appear, and an error
 * is logged as its class, codes and stack frames, never its message (see `describeError`).
 */
export function loggerOptions(
  level: Config['logLevel'],
  stream?: LogDestination,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.access_token',
        '*.refresh_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: describeError,
    },
  };
}

type LoggedError = {
  type: string;
  message: typeof WITHHELD;
  /** SQLSTATE for a database error, Node's or Fastify's code otherwise. */
  code?: string;
  /** Schema names PostgreSQL reports: which constraint, table or column refused, never the value. */
  constraint?: string;
  table?: string;
  column?: string;
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
};

const WITHHELD = '(withheld: error messages can carry patient data)';

/**
 * What a log may say about an error. Messages are left out because they carry data: drizzle's name the
 * SQL parameters (patients' names, dates of birth, Medicare numbers), PostgreSQL's and JSON.parse's quote
 * the value they refused. The stack keeps its frames and drops the message line for the same reason.
 */
export function describeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: WITHHELD, stack: '' };
  const fields = error as Error & Partial<Record<'code' | 'constraint' | 'table' | 'column', unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const frames = error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const described: LoggedError = {
    type: error.constructor.name || error.name,
    message: WITHHELD,
    stack: frames ?? '',
  };
  for (const key of ['code', 'constraint', 'table', 'column'] as const) {
    const value = text(fields[key]);
    if (value) described[key] = value;
  }
  if (error.cause !== undefined && depth < 3) described.cause = describeError(error.cause, depth + 1);
  return described;
}
