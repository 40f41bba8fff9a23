import type { CaseConferenceEventKind } from '@referrals/domain/case-conferences/case-conference-codes';
import type { Transaction } from '../../db/database.ts';
import { caseConferenceEvents } from '../../db/schema/case-conferences.ts';

export type EventRow = typeof caseConferenceEvents.$inferSelect;

/**
 * Writes one event of a conference's thread. The caller holds the conference row's lock (every writer
 * takes it first), so the conference's events commit in the order of their ids and a poll with `after`
 * never skips one that commits late.
 */
export async function writeCaseConferenceEvent(
  tx: Transaction,
  event: {
    conferenceId: string;
    kind: CaseConferenceEventKind;
    authorId: string | null;
    participantId?: string;
    message?: string;
    now: Date;
  },
): Promise<EventRow> {
  const [row] = await tx
    .insert(caseConferenceEvents)
    .values({
      conference_id: event.conferenceId,
      kind: event.kind,
      author_id: event.authorId,
      participant_id: event.participantId ?? null,
      message: event.message ?? null,
      created_at: event.now,
    })
    .returning();
  if (!row) throw new Error('case conference event insert returned nothing');
  return row;
}
