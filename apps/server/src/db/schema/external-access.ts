import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { referrals } from './referrals.ts';

/**
 * An emailed link to a referral for someone without an account (docs/external-access.md): its sender, its
 * patient, or someone either shared it with. Only the sha256 of the link's token is kept, so a copy of the
 * table opens nothing. Wrong answers to its verification are counted here, under the row's lock; the
 * MAX_WRONG_ANSWERS-th locks it for good (a new link goes to the same address through refresh-access).
 */
export const referralAccessLinks = pgTable(
  'referral_access_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referral_id: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    /** 'sender' | 'patient' | 'shared' (AccessAudience): what the link shows. */
    audience: text('audience').notNull(),
    /** Where the link was sent; a renewed link goes to the same address, never another. */
    email: text('email').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrong_answers: integer('wrong_answers').notNull().default(0),
    locked_at: timestamp('locked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_access_links_referral_idx').on(t.referral_id)],
);

/**
 * A verified visit through a link: the secret the page sends as X-Access-Session (its sha256 here), good
 * for ACCESS_SESSION_MINUTES. Apart from the link so that the link's token alone, forwarded or read over a
 * shoulder, opens nothing without the answers.
 */
export const referralAccessSessions = pgTable(
  'referral_access_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    link_id: uuid('link_id')
      .notNull()
      .references(() => referralAccessLinks.id, { onDelete: 'cascade' }),
    session_hash: text('session_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_access_sessions_link_idx').on(t.link_id, t.expires_at)],
);
