import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { ReferralTag, StickyNote } from '@referrals/domain/referrals/referral-annotation-schemas';
import type { Queryable } from '../../../db/database.ts';
import { users } from '../../../db/schema/people.ts';
import { referralStickyNotes, referralTags } from '../../../db/schema/referrals.ts';
import { personRef } from '../referral-refs.ts';

/*
 * Tags and sticky notes are one establishment's own working notes on a referral: the other side and
 * shared-with readers never see them, so every read here is by establishment.
 */

const person = { id: users.id, title: users.title, first_name: users.first_name, last_name: users.last_name };

/** The establishment's tags on the referral, oldest first; `tagId` narrows it to one. */
export async function establishmentTags(
  q: Queryable,
  establishmentId: string,
  referralId: string,
  tagId?: string,
): Promise<ReferralTag[]> {
  const where: SQL[] = [
    eq(referralTags.referral_id, referralId),
    eq(referralTags.establishment_id, establishmentId),
  ];
  if (tagId !== undefined) where.push(eq(referralTags.id, tagId));
  const rows = await q
    .select({ tag: referralTags, by: person })
    .from(referralTags)
    .leftJoin(users, eq(users.id, referralTags.user_id))
    .where(and(...where))
    .orderBy(asc(referralTags.created_at), asc(referralTags.id));
  return rows.map(({ tag, by }) => ({
    id: tag.id,
    label: tag.label,
    added_by: personRef(by),
    created_at: tag.created_at.toISOString(),
  }));
}

/** The establishment's sticky notes on the referral, oldest first; `noteId` narrows it to one. */
export async function establishmentStickyNotes(
  q: Queryable,
  establishmentId: string,
  referralId: string,
  noteId?: string,
): Promise<StickyNote[]> {
  const where: SQL[] = [
    eq(referralStickyNotes.referral_id, referralId),
    eq(referralStickyNotes.establishment_id, establishmentId),
  ];
  if (noteId !== undefined) where.push(eq(referralStickyNotes.id, noteId));
  const rows = await q
    .select({ note: referralStickyNotes, by: person })
    .from(referralStickyNotes)
    .leftJoin(users, eq(users.id, referralStickyNotes.author_id))
    .where(and(...where))
    .orderBy(asc(referralStickyNotes.created_at), asc(referralStickyNotes.id));
  return rows.map(({ note, by }) => ({
    id: note.id,
    body: note.body,
    author: personRef(by),
    created_at: note.created_at.toISOString(),
    updated_at: note.updated_at.toISOString(),
  }));
}
