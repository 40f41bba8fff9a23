import {
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './people.ts';

/**
 * What the built-in OpenID provider stores (sessions, interactions, codes, grants, refresh tokens), in the
 * database rather than process memory so that any server process can continue any sign-in.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grant_id: text('grant_id'),
    uid: text('uid'),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_models_grant_idx').on(t.grant_id),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_expires_idx').on(t.expires_at),
  ],
);

/**
 * One signed-in session of the web app (one grant of the OpenID provider). The API refuses a token whose
 * session has ended or has been idle longer than the user's session expiry, whatever the token says.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    grant_id: text('grant_id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    last_activity_at: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.user_id)],
);

/** Keys every server process must share: the token signing key and the cookie keys. Made on first start. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Leaky buckets for rate limits (rate-limits/rate-limit-buckets.ts): each key (a rule and an account, an
 * address or a caller) holds a level that drains continuously, so there is no window edge to burst across.
 * `full_since` is when it last began refusing hits (null while it takes them), to tell the hit that filled it.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  level: doublePrecision('level').notNull(),
  full_since: timestamp('full_since', { withTimezone: true }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Single-use secrets sent by email or SMS: password reset links, email verification links, account-linking
 * codes. Only a hash is stored; a token is spent by setting `used_at` and never works twice.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** 'password-reset', 'email-verification', 'account-link', 'sso-link' or 'unlock'. */
    purpose: text('purpose').notNull(),
    token_hash: text('token_hash').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.token_hash),
    index('one_time_tokens_user_idx').on(t.user_id, t.purpose),
  ],
);
