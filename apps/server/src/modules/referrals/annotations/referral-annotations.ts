import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ReferralTag, StickyNote } from '@referrals/domain/referrals/referral-annotation-schemas';
import { queryRows, type Queryable } from '../../../db/database.ts';
import { personRef } from '../referral-refs.ts';

/*
 * Tags and sticky notes are one establishment's own working notes on a referral: the other side and
 * shared-with readers never see them, so every read here is by establishment.
 */

/** An id, written into the statement or bound to a prepared one's placeholder. */
type Value = string | Placeholder;

type PersonJson = { id: string; title: string | null; first_name: string; last_name: string };
type TagJson = { id: string; label: string; by: PersonJson | null; created_at: string };
type StickyNoteJson = {
  id: string;
  body: string;
  by: PersonJson | null;
  created_at: string;
  updated_at: string;
};

/** The person a tag or note was written by, as JSON, or null when that account is gone. */
const byJson = sql`case when u.id is null then null
  else json_build_object('id', u.id, 'title', u.title, 'first_name', u.first_name, 'last_name', u.last_name) end`;

/**
 * The establishment's tags on the referral as one JSON array, oldest first: a column for a statement that
 * reads the referral with them (referralDetail), so a referral's answer costs one round trip. `tagId`
 * narrows it to one.
 */
export function tagsColumn(establishmentId: Value, referralId: Value, tagId?: Value): SQL<TagJson[]> {
  return sql<TagJson[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'label', t.label,
      'by', ${byJson}, 'created_at', t.created_at) order by t.created_at, t.id), '[]')
    from referral_tags t left join users u on u.id = t.user_id
    where t.referral_id = ${referralId} and t.establishment_id = ${establishmentId}
      ${tagId === undefined ? sql`` : sql`and t.id = ${tagId}`})`;
}

/** The establishment's sticky notes on the referral as one JSON array, oldest first (as tagsColumn). */
export function stickyNotesColumn(
  establishmentId: Value,
  referralId: Value,
  noteId?: Value,
): SQL<StickyNoteJson[]> {
  return sql<StickyNoteJson[]>`(select coalesce(json_agg(json_build_object('id', n.id, 'body', n.body,
      'by', ${byJson}, 'created_at', n.created_at, 'updated_at', n.updated_at) order by n.created_at, n.id), '[]')
    from referral_sticky_notes n left join users u on u.id = n.author_id
    where n.referral_id = ${referralId} and n.establishment_id = ${establishmentId}
      ${noteId === undefined ? sql`` : sql`and n.id = ${noteId}`})`;
}

/** JSON's timestamps carry microseconds and the session's offset; the API's, milliseconds in UTC. */
const isoTime = (time: string) => new Date(time).toISOString();

export function tagsOf(rows: TagJson[]): ReferralTag[] {
  return rows.map((tag) => ({
    id: tag.id,
    label: tag.label,
    added_by: personRef(tag.by),
    created_at: isoTime(tag.created_at),
  }));
}

export function stickyNotesOf(rows: StickyNoteJson[]): StickyNote[] {
  return rows.map((note) => ({
    id: note.id,
    body: note.body,
    author: personRef(note.by),
    created_at: isoTime(note.created_at),
    updated_at: isoTime(note.updated_at),
  }));
}

/** The establishment's tags on the referral, oldest first; `tagId` narrows it to one. */
export async function establishmentTags(
  q: Queryable,
  establishmentId: string,
  referralId: string,
  tagId?: string,
): Promise<ReferralTag[]> {
  const [row] = await queryRows<{ tags: TagJson[] }>(
    q,
    sql`select ${tagsColumn(establishmentId, referralId, tagId)} as tags`,
  );
  return tagsOf(row?.tags ?? []);
}

/** The establishment's sticky notes on the referral, oldest first; `noteId` narrows it to one. */
export async function establishmentStickyNotes(
  q: Queryable,
  establishmentId: string,
  referralId: string,
  noteId?: string,
): Promise<StickyNote[]> {
  const [row] = await queryRows<{ notes: StickyNoteJson[] }>(
    q,
    sql`select ${stickyNotesColumn(establishmentId, referralId, noteId)} as notes`,
  );
  return stickyNotesOf(row?.notes ?? []);
}
