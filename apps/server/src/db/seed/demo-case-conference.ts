import { caseConferenceEndsAt } from '@referrals/domain/case-conferences/case-conference-lifecycle';
import type { Queryable } from '../database.ts';
import type { Referral, User } from '../factories/factories.ts';
import {
  caseConferenceEvents,
  caseConferenceParticipants,
  caseConferences,
} from '../schema/case-conferences.ts';
import { queueCaseConferenceDeadlines } from '../../modules/case-conferences/case-conference-deadlines.ts';

const HOUR = 60 * 60 * 1000;

/**
 * A case conference under way on a scheduled referral to the clinic (docs/case-conferences.md, Demo): the
 * GP started it two days ago and invited Dr James Chen, who joined and answered; his answer is still
 * unread for her, so both navigation counters have something to show.
 */
export async function seedDemoCaseConference(
  tx: Queryable,
  referral: Referral,
  people: { gp: User; specialist: User },
): Promise<void> {
  const startedAt = new Date(Date.now() - 48 * HOUR);
  const at = (hours: number) => new Date(startedAt.getTime() + hours * HOUR);
  const [conference] = await tx
    .insert(caseConferences)
    .values({
      referral_id: referral.id,
      owner_id: people.gp.id,
      status: 'active',
      started_at: startedAt,
      ends_at: caseConferenceEndsAt(startedAt),
      created_at: startedAt,
      updated_at: startedAt,
    })
    .returning();
  if (!conference) throw new Error('demo case conference insert returned nothing');
  const [invited, question, answer] = await tx
    .insert(caseConferenceEvents)
    .values([
      {
        conference_id: conference.id,
        kind: 'participant_invited',
        author_id: people.gp.id,
        participant_id: people.specialist.id,
        created_at: startedAt,
      },
      {
        conference_id: conference.id,
        kind: 'message',
        author_id: people.gp.id,
        message:
          'Her palpitations are more frequent since the referral and the Holter showed runs of SVT. ' +
          'Is it worth bringing her appointment forward, or starting a beta blocker meanwhile?',
        created_at: at(0.1),
      },
      {
        conference_id: conference.id,
        kind: 'message',
        author_id: people.specialist.id,
        message:
          'Thanks, I have looked at the Holter. Start metoprolol 25 mg twice a day; I will keep the ' +
          'appointment as it is unless she has syncope or chest pain.',
        created_at: at(3),
      },
    ])
    .returning();
  if (!invited || !question || !answer) throw new Error('demo case conference events missing');
  await tx.insert(caseConferenceParticipants).values([
    {
      conference_id: conference.id,
      user_id: people.gp.id,
      establishment_id: referral.from_establishment_id ?? '',
      side: 'sender',
      status: 'joined',
      last_read_event_id: question.id,
      last_read_at: at(0.1),
      created_at: startedAt,
      updated_at: at(0.1),
    },
    {
      conference_id: conference.id,
      user_id: people.specialist.id,
      establishment_id: referral.to_establishment_id ?? '',
      side: 'receiver',
      status: 'joined',
      invited_by_id: people.gp.id,
      last_read_event_id: answer.id,
      last_read_at: at(3),
      created_at: startedAt,
      updated_at: at(3),
    },
  ]);
  await queueCaseConferenceDeadlines(tx, conference);
}
