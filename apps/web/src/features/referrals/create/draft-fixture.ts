import {
  REFERRAL_RECEIVER_TEXT_FIELDS,
  REFERRAL_SENDER_FLAGS,
  REFERRAL_SENDER_TEXT_FIELDS,
  type Referral,
} from '@referrals/domain/referrals/referral-schemas';
import { DEFAULT_REFERRER_MESSAGE } from '@referrals/domain/constants';

const nulls = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, null]));

/** Test data: a new draft as POST referrals/ answers it; `overrides` set what a test needs. */
export function draftFixture(overrides: Partial<Referral> = {}): Referral {
  return {
    id: 'draft-1',
    version: 1,
    type: 'IN-APP',
    status: { value: 'DRFT', display: 'Draft' },
    patient: null,
    referrer: { id: 'gp', name: 'Dr Sarah Mitchell' },
    from_establishment: { id: 'harbourside', name: 'Harbourside', type: 'PR' },
    to_establishment: { id: 'heart', name: 'North Shore Heart Clinic', type: 'CL' },
    assignee: null,
    referrer_message: DEFAULT_REFERRER_MESSAGE,
    duration: 12,
    renewal_duration: 12,
    ...(nulls([...REFERRAL_SENDER_TEXT_FIELDS, ...REFERRAL_RECEIVER_TEXT_FIELDS]) as Record<string, null>),
    ...(Object.fromEntries(REFERRAL_SENDER_FLAGS.map((name) => [name, false])) as Record<string, boolean>),
    appointment_date: null,
    show_appointment_details: false,
    reschedule_list: [],
    submitted_at: null,
    expires_at: null,
    is_forwarded: false,
    is_updated: false,
    is_renew_referral: false,
    is_recalled: false,
    is_rescheduled: false,
    is_renewed: false,
    forwarded_from_referral_id: null,
    forwarded_to_establishment: null,
    renewed_from_referral_id: null,
    side: 'sender',
    is_archived: false,
    is_deleted: false,
    unread: false,
    allowed_actions: ['update', 'submit'],
    created_at: '2026-11-25T01:00:00Z',
    updated_at: '2026-11-25T01:00:00Z',
    ...overrides,
  } as Referral;
}
