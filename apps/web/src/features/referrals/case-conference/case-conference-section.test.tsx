import type {
  CaseConference,
  CaseConferenceEventPage,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { CaseConferenceSection } from './case-conference-section';

beforeAll(() => embedRuntimeConfig());

const base = '/api/referrals/r1/case/';
const gp = { id: 'u-gp', name: 'Dr Sarah Mitchell' };
const specialist = { id: 'u-sp', name: 'Dr James Chen' };
const coded = (value: string, display: string) => ({ value, display });

function conference(overrides: Partial<CaseConference> = {}): CaseConference {
  return {
    id: 'c1',
    referral: {
      id: 'r1',
      status: coded('ACPT', 'Accepted'),
      patient: { first_name: 'Margaret', last_name: 'Nguyen' },
      from_establishment: { id: 'e1', name: 'Harbourside' },
      to_establishment: { id: 'e2', name: 'North Shore Heart Clinic' },
    },
    status: coded('active', 'Active'),
    owner: gp,
    started_at: '2026-11-27T01:00:00Z',
    ends_at: '2026-12-11T01:00:00Z',
    closed_at: null,
    closed_by: null,
    is_owner: false,
    can_join: true,
    participant_status: coded('invited', 'Invited'),
    is_read_only: true,
    side: 'receiver',
    allowed_actions: ['join', 'leave', 'read'],
    participants: [
      {
        user: gp,
        status: coded('joined', 'Joined'),
        side: 'sender',
        establishment: { id: 'e1', name: 'Harbourside' },
        is_owner: true,
        is_you: false,
        last_read_event_id: '2',
      },
      {
        user: specialist,
        status: coded('invited', 'Invited'),
        side: 'receiver',
        establishment: { id: 'e2', name: 'North Shore Heart Clinic' },
        is_owner: false,
        is_you: true,
        last_read_event_id: null,
      },
    ],
    unread: 1,
    last_event_id: '2',
    archive_pdf: null,
    ...overrides,
  };
}

const thread: CaseConferenceEventPage = {
  count: 2,
  next: null,
  previous: null,
  results: [
    {
      id: '1',
      kind: coded('participant_invited', 'Participant invited'),
      created_at: '2026-11-27T01:00:00Z',
      author: gp,
      participant: specialist,
      message: null,
    },
    {
      id: '2',
      kind: coded('message', 'Message'),
      created_at: '2026-11-27T01:01:00Z',
      author: gp,
      participant: null,
      message: 'Could you see her this week?',
    },
  ],
  read_marks: [
    { user_id: gp.id, last_read_event_id: '2' },
    { user_id: specialist.id, last_read_event_id: null },
  ],
};

const render = (unavailable: string | null = null) =>
  renderRoutes(
    [
      {
        path: '/referrals/:id',
        element: <CaseConferenceSection referralId="r1" unavailable={unavailable} focus />,
      },
    ],
    '/referrals/r1',
  );

describe('the referral page’s case conference (tab=conference)', () => {
  it('starts one with the colleagues chosen by name', async () => {
    const api = fakeApi({
      [`GET ${base}`]: { status: 404, body: { detail: 'Not found.' } },
      [`GET ${base}invitees/`]: {
        status: 200,
        body: [
          {
            id: specialist.id,
            name: specialist.name,
            side: 'receiver',
            establishment: { id: 'e2', name: 'North Shore Heart Clinic' },
          },
        ],
      },
      [`POST ${base}`]: {
        status: 201,
        body: conference({ is_owner: true, participant_status: coded('joined', 'Joined') }),
      },
      [`GET ${base}events/`]: { status: 200, body: thread },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Invite colleagues' }));
    await user.click(
      await screen.findByRole('option', { name: /Dr James Chen · North Shore Heart Clinic \(receiving\)/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Start a case conference' }));
    expect(api.callsTo(`POST ${base}`)[0]?.body).toEqual({ participants: [specialist.id] });
  });

  it('says why none can be started on this referral', async () => {
    fakeApi({ [`GET ${base}`]: { status: 404, body: { detail: 'Not found.' } } });
    render('The receiving establishment does not hold case conferences.');
    expect(
      await screen.findByText('The receiving establishment does not hold case conferences.'),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Start a case conference' })).toBeNull();
  });

  it('lets someone invited read, mark it read and join, and then write', async () => {
    const joined = conference({
      can_join: false,
      participant_status: coded('joined', 'Joined'),
      is_read_only: false,
      allowed_actions: ['leave', 'invite', 'message', 'read'],
    });
    let current = conference();
    const api = fakeApi({
      // The server's answer as it stands: invited until the join.
      [`GET ${base}`]: () => ({ status: 200, body: current }),
      [`GET ${base}events/`]: { status: 200, body: thread },
      [`POST ${base}read/`]: () => ({ status: 200, body: current }),
      [`POST ${base}join/`]: () => {
        current = joined;
        return { status: 200, body: joined };
      },
      [`POST ${base}events/`]: {
        status: 201,
        body: { ...thread.results[1], id: '3', author: specialist, message: 'Thursday at 9:30.' },
      },
    });
    render();
    const section = await screen.findByRole('region', { name: 'Case conference' });
    const log = await within(section).findByRole('log', { name: 'Case conference messages' });
    expect(await within(log).findByText('Could you see her this week?')).toBeDefined();
    expect(within(log).getByText(/Dr Sarah Mitchell invited Dr James Chen/)).toBeDefined();
    expect(within(section).getByText('You are invited. Join to write to the others.')).toBeDefined();
    // Shown is read: the read mark moves to the newest event.
    await vi.waitFor(() => expect(api.callsTo(`POST ${base}read/`)[0]?.body).toEqual({ message_id: '2' }));

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Join the case conference' }));
    const box = await within(section).findByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Thursday at 9:30.');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(log).findByText('Thursday at 9:30.')).toBeDefined();
    expect(api.callsTo(`POST ${base}events/`)[0]?.body).toEqual({ message: 'Thursday at 9:30.' });
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('is read-only once closed, with its archive to download', async () => {
    fakeApi({
      [`GET ${base}`]: {
        status: 200,
        body: conference({
          status: coded('closed', 'Closed'),
          closed_at: '2026-11-28T01:00:00Z',
          closed_by: gp,
          can_join: false,
          allowed_actions: ['read'],
          unread: 0,
          archive_pdf: `${base}archive/`,
        }),
      },
      [`GET ${base}events/`]: { status: 200, body: thread },
      [`POST ${base}read/`]: { status: 200, body: conference() },
    });
    render(null);
    const section = await screen.findByRole('region', { name: 'Case conference' });
    expect(
      await within(section).findByText(/Dr Sarah Mitchell closed this case conference on 28 Nov 2026/),
    ).toBeDefined();
    expect(within(section).getByRole('button', { name: 'Download the archive (PDF)' })).toBeDefined();
    expect(within(section).queryByRole('textbox', { name: 'Your message' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Join the case conference' })).toBeNull();
  });
});
