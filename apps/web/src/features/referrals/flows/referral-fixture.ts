import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { referralFixture as sentReferral } from '../referral-fixture';

/** A referral as GET referrals/{id}/ answers the receiver, for the flow tests; submitted to Dr Chen's clinic. */
export function referralFixture(overrides: Partial<Referral> = {}): Referral {
  return sentReferral({
    id: '7d9c1f4e-2b1a-4c6d-9e8f-0a1b2c3d4e5f',
    version: 1,
    patient: {
      id: 'patient-1',
      title: 'MRS',
      first_name: 'Evelyn',
      last_name: 'Castellanos',
      dob: '1952-04-18',
      sex: 'F',
      pub_insurance_details: null,
    },
    referrer: { id: 'gp-1', name: 'Dr Sarah Mitchell' },
    from_establishment: { id: 'practice-1', name: 'Harbourside Family Medical Practice', type: 'PR' },
    to_establishment: {
      id: 'clinic-1',
      name: 'North Shore Heart Clinic',
      type: 'PR',
      digital_ordering: false,
      accepts_advice_and_guidance: false,
      case_conferences_enabled: false,
    },
    assignee: { id: '0b7f2c1e-3d4a-4b5c-8d6e-7f8091a2b3c4', name: 'Dr James Chen' },
    referrer_message: 'Please assess.',
    submitted_at: '2026-11-20T01:00:00.000Z',
    expires_at: '2027-11-20T01:00:00.000Z',
    side: 'receiver',
    allowed_actions: ['accept', 'waitlist', 'schedule', 'return', 'forward'],
    created_at: '2026-11-19T01:00:00.000Z',
    updated_at: '2026-11-20T01:00:00.000Z',
    ...overrides,
  });
}
