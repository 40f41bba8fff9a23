import type {
  CaseConference,
  CaseConferenceEvent,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { describe, expect, it } from 'vitest';
import { mergeEvents } from './case-conference-calls';
import { seenUnder } from './case-conference-thread';

const person = (id: string, name: string) => ({ id, name });
const gp = person('u-gp', 'Dr Sarah Mitchell');
const specialist = person('u-sp', 'Dr James Chen');
const nurse = person('u-rn', 'Ms Linda Park');

const message = (id: string, author: { id: string; name: string }): CaseConferenceEvent => ({
  id,
  kind: { value: 'message', display: 'Message' },
  created_at: '2026-11-28T03:00:00Z',
  author,
  participant: null,
  message: `message ${id}`,
});

const participant = (user: { id: string; name: string }, isYou: boolean, mark: string | null) => ({
  user,
  status: { value: 'joined', display: 'Joined' },
  side: 'sender' as const,
  establishment: { id: 'e1', name: 'Harbourside' },
  is_owner: false,
  is_you: isYou,
  last_read_event_id: mark,
});

describe('the case conference thread', () => {
  it('keeps each event once, in the order written, whatever order the answers came in', () => {
    const merged = mergeEvents(
      [message('2', gp), message('10', gp)],
      [message('3', specialist), message('2', gp)],
    );
    expect(merged.map((event) => event.id)).toEqual(['2', '3', '10']);
  });

  it('puts each other person’s name under the newest message their read mark reached, not their own', () => {
    const conference = {
      participants: [
        participant(gp, true, '4'),
        participant(specialist, false, null),
        participant(nurse, false, null),
      ],
    } as unknown as CaseConference;
    const thread = {
      events: [message('2', gp), message('3', gp), message('4', specialist)],
      // The poll's read marks are newer than the conference's own copy.
      readMarks: [
        { user_id: gp.id, last_read_event_id: '4' },
        { user_id: specialist.id, last_read_event_id: '4' },
        { user_id: nurse.id, last_read_event_id: '2' },
      ],
    };
    const seen = seenUnder(conference, thread);
    // The specialist read everything: under the GP's last message, not under his own.
    expect(Object.fromEntries(seen)).toEqual({ '3': ['Dr James Chen'], '2': ['Ms Linda Park'] });
  });
});
