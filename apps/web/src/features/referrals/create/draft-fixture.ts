import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { DEFAULT_REFERRER_MESSAGE } from '@referrals/domain/constants';
import { referralFixture } from '../referral-fixture';

/** Test data: a new draft as POST referrals/ answers it; `overrides` set what a test needs. */
export function draftFixture(overrides: Partial<Referral> = {}): Referral {
  return referralFixture({
    id: 'draft-1',
    version: 1,
    status: { value: 'DRFT', display: 'Draft' },
    patient: null,
    referrer: { id: 'gp', name: 'Dr Sarah Mitchell' },
    from_establishment: { id: 'harbourside', name: 'Harbourside', type: 'PR' },
    to_establishment: {
      id: 'heart',
      name: 'North Shore Heart Clinic',
      type: 'CL',
      digital_ordering: false,
      accepts_advice_and_guidance: false,
      case_conferences_enabled: false,
    },
    assignee: null,
    referrer_message: DEFAULT_REFERRER_MESSAGE,
    submitted_at: null,
    expires_at: null,
    allowed_actions: ['update', 'submit'],
    created_at: '2026-11-25T01:00:00Z',
    updated_at: '2026-11-25T01:00:00Z',
    ...overrides,
  });
}
