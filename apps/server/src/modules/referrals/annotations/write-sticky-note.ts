import { eq, sql } from 'drizzle-orm';
import type { StickyNote, StickyNoteWrite } from '@referrals/domain/referrals/referral-annotation-schemas';
import type { Database } from '../../../db/database.ts';
import { referralStickyNotes } from '../../../db/schema/referrals.ts';
import { notFound } from '../../../http/api-errors.ts';
import { isUuid } from '../../../http/ids.ts';
import type { ReferralCall } from '../referral-call.ts';
import { inAnnotatableReferral, type AnnotationScope } from './annotation-call.ts';
import { establishmentStickyNotes } from './referral-annotations.ts';

type StickyNoteCall = ReferralCall & { noteId: string };

/** The note by id, if it is this establishment's on this referral; anyone else's is a 404. */
async function ownNote(scope: AnnotationScope, noteId: string): Promise<StickyNote> {
  const [note] = isUuid(noteId)
    ? await establishmentStickyNotes(scope.tx, scope.establishmentId, scope.referral.id, noteId)
    : [];
  if (!note) throw notFound();
  return note;
}

/** POST referrals/{id}/sticky-notes/: a note only the caller's establishment sees. */
export function addStickyNote(
  db: Database,
  options: ReferralCall & { body: StickyNoteWrite },
): Promise<StickyNote> {
  const { body, ...call } = options;
  return inAnnotatableReferral(db, call, async (scope) => {
    const [note] = await scope.tx
      .insert(referralStickyNotes)
      .values({
        referral_id: scope.referral.id,
        establishment_id: scope.establishmentId,
        author_id: call.caller.userId,
        body: body.body,
      })
      .returning({ id: referralStickyNotes.id });
    await scope.audit('referral.sticky-note.create', note!.id);
    return ownNote(scope, note!.id);
  });
}

/** PATCH referrals/{id}/sticky-notes/{noteId}/: anyone at the establishment may edit its notes. */
export function editStickyNote(
  db: Database,
  options: StickyNoteCall & { body: StickyNoteWrite },
): Promise<StickyNote> {
  const { body, noteId, ...call } = options;
  return inAnnotatableReferral(db, call, async (scope) => {
    const note = await ownNote(scope, noteId);
    await scope.tx
      .update(referralStickyNotes)
      .set({ body: body.body, updated_at: sql`now()`, version: sql`${referralStickyNotes.version} + 1` })
      .where(eq(referralStickyNotes.id, note.id));
    await scope.audit('referral.sticky-note.update', note.id);
    return ownNote(scope, note.id);
  });
}

/** DELETE referrals/{id}/sticky-notes/{noteId}/. */
export function removeStickyNote(db: Database, options: StickyNoteCall): Promise<void> {
  const { noteId, ...call } = options;
  return inAnnotatableReferral(db, call, async (scope) => {
    const note = await ownNote(scope, noteId);
    await scope.tx.delete(referralStickyNotes).where(eq(referralStickyNotes.id, note.id));
    await scope.audit('referral.sticky-note.delete', note.id);
  });
}
