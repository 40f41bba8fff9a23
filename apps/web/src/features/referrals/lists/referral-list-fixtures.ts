import type { ReferralListItem } from '@referrals/domain/referrals/referral-list-schemas';

/** An inbox row: a GP's referral to a cardiology clinic, submitted, unread, waiting for triage. */
export function referralListItemFixture(overrides: Partial<ReferralListItem> = {}): ReferralListItem {
  return {
    id: '7d0f3c2e-5a4b-4c1d-9e8f-0a1b2c3d4e5f',
    status: { value: 'SBMT', display: 'Submitted' },
    type: 'IN-APP',
    patient: {
      id: 'p1',
      title: 'MRS',
      first_name: 'Margaret',
      last_name: 'Nguyen',
      dob: '1948-03-07',
    },
    referrer: { id: 'u-gp', name: 'Dr Sarah Mitchell' },
    from_establishment: { id: 'harbourside', name: 'Harbourside Family Medical' },
    to_establishment: { id: 'clinic', name: 'North Shore Heart Clinic' },
    assignee: { id: 'u-sp', name: 'Dr James Chen' },
    submitted_at: '2026-11-20T01:00:00.000Z',
    appointment_date: null,
    triage_category: null,
    side: 'receiver',
    unread: true,
    is_archived: false,
    is_deleted: false,
    pending_action: true,
    due_for_renewal: false,
    appointment_due: false,
    overdue_for_appointment: false,
    ...overrides,
  };
}
