import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.ts';
import { establishments } from './establishments.ts';
import { users } from './people.ts';
import { referrals } from './referrals.ts';

/**
 * A case conference on a referral (spec section 4 Case conference; docs/case-conferences.md): a 14-day
 * discussion between both sides of the referral and colleagues they invite. A referral has at most one
 * active conference; once one closes another may be started, and the closed one stays as the record (its
 * archive PDF). `warned_at` and `closed_at` are set once each by a conditional update, which is what makes
 * the deadline job's warning and close happen exactly once whatever the number of job runners.
 */
export const caseConferences = pgTable(
  'case_conferences',
  {
    ...entityColumns,
    referral_id: uuid('referral_id')
      .notNull()
      .references(() => referrals.id),
    owner_id: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('active'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** When the one_day_warning event was written. */
    warned_at: timestamp('warned_at', { withTimezone: true }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    /** Who closed it; null when the job closed it at the end of its 14 days. */
    closed_by_id: uuid('closed_by_id').references(() => users.id),
  },
  (t) => [
    // One active conference per referral, held by the database against two simultaneous creates.
    uniqueIndex('case_conferences_active_referral_idx')
      .on(t.referral_id)
      .where(sql`${t.status} = 'active'`),
    // The referral's newest conference (GET case/) and the lists' case_conference_status filter.
    index('case_conferences_referral_idx').on(t.referral_id, t.started_at.desc()),
    // The deadline job: the active conferences by end, for the warning a day before and the close.
    index('case_conferences_due_idx')
      .on(t.ends_at)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * One person of a conference: the owner, someone invited, or someone who joined unasked. `side` and
 * `establishment_id` say for which side of the referral they take part. The read mark is the newest event
 * they have read: their unread count is the messages of others after it.
 */
export const caseConferenceParticipants = pgTable(
  'case_conference_participants',
  {
    conference_id: uuid('conference_id')
      .notNull()
      .references(() => caseConferences.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    side: text('side').notNull(),
    status: text('status').notNull(),
    invited_by_id: uuid('invited_by_id').references(() => users.id),
    last_read_event_id: bigint('last_read_event_id', { mode: 'number' }),
    last_read_at: timestamp('last_read_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conference_id, t.user_id] }),
    // GET referrals/cases/invited/ and the navigation's counters: the caller's conferences.
    index('case_conference_participants_user_idx').on(t.user_id, t.establishment_id, t.conference_id),
  ],
);

/**
 * The thread of a conference: participant_invited, message, one_day_warning and closed. The id is a
 * sequence, and every write locks the conference row first, so a conference's events commit in id order:
 * polling with `after=<id>` and the unread count (messages after the read mark) never skip one.
 */
export const caseConferenceEvents = pgTable(
  'case_conference_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conference_id: uuid('conference_id')
      .notNull()
      .references(() => caseConferences.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Who wrote, invited or closed; null for the job's warning and close. */
    author_id: uuid('author_id').references(() => users.id),
    /** participant_invited: who was invited. */
    participant_id: uuid('participant_id').references(() => users.id),
    message: text('message'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The paged thread and `after` polling (one range scan), and the unread count's messages after a mark.
    index('case_conference_events_thread_idx').on(t.conference_id, t.id),
    index('case_conference_events_messages_idx')
      .on(t.conference_id, t.id, t.author_id)
      .where(sql`${t.kind} = 'message'`),
  ],
);
