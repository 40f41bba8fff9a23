import type { InvitedCaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';

/**
 * An inbox row: the cardiology clinic's specialist started a conference on a GP's referral, two days in,
 * with three messages from the GP's side not read yet.
 */
export function invitedCaseConferenceFixture(
  overrides: Partial<InvitedCaseConference> = {},
): InvitedCaseConference {
  return {
    id: '41',
    referral: {
      id: '7d0f3c2e-5a4b-4c1d-9e8f-0a1b2c3d4e5f',
      status: { value: 'ACPT', display: 'Accepted' },
      patient: { first_name: 'Margaret', last_name: 'Nguyen' },
      from_establishment: { id: 'harbourside', name: 'Harbourside Family Medical' },
      to_establishment: { id: 'clinic', name: 'North Shore Heart Clinic' },
    },
    status: { value: 'active', display: 'Active' },
    ends_at: '2026-12-04T01:00:00.000Z',
    closed_at: null,
    is_owner: true,
    participant_status: { value: 'joined', display: 'Joined' },
    side: 'receiver',
    unread: 3,
    last_event_at: '2026-11-22T04:15:00.000Z',
    ...overrides,
  };
}
