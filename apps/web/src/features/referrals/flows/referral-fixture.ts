import {
  REFERRAL_RECEIVER_TEXT_FIELDS,
  REFERRAL_SENDER_FLAGS,
  REFERRAL_SENDER_TEXT_FIELDS,
  type Referral,
} from '@referrals/domain/referrals/referral-schemas';

const none = (fields: readonly string[], value: null | false) =>
  Object.fromEntries(fields.map((field) => [field, value]));

/** A referral as GET referrals/{id}/ answers it, for the flow tests; submitted to Dr Chen's clinic. */
export function referralFixture(overrides: Partial<Referral> = {}): Referral {
  return {
    ...(none(REFERRAL_SENDER_TEXT_FIELDS, null) as object),
    ...(none(REFERRAL_SENDER_FLAGS, false) as object),
    ...(none(REFERRAL_RECEIVER_TEXT_FIELDS, null) as object),
    id: '7d9c1f4e-2b1a-4c6d-9e8f-0a1b2c3d4e5f',
    version: 1,
    type: 'IN-APP',
    status: { value: 'SBMT', display: 'Submitted' },
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
    to_establishment: { id: 'clinic-1', name: 'North Shore Heart Clinic', type: 'PR' },
    assignee: { id: '0b7f2c1e-3d4a-4b5c-8d6e-7f8091a2b3c4', name: 'Dr James Chen' },
    referrer_message: 'Please assess.',
    duration: 12,
    renewal_duration: 12,
    appointment_date: null,
    show_appointment_details: false,
    reschedule_list: [],
    submitted_at: '2026-11-20T01:00:00.000Z',
    expires_at: '2027-11-20T01:00:00.000Z',
    is_forwarded: false,
    is_updated: false,
    is_renew_referral: false,
    is_recalled: false,
    is_rescheduled: false,
    is_renewed: false,
    forwarded_from_referral_id: null,
    forwarded_to_establishment: null,
    renewed_from_referral_id: null,
    side: 'receiver',
    is_archived: false,
    is_deleted: false,
    unread: false,
    allowed_actions: ['accept', 'waitlist', 'schedule', 'return', 'forward'],
    created_at: '2026-11-19T01:00:00.000Z',
    updated_at: '2026-11-20T01:00:00.000Z',
    ...overrides,
  } as Referral;
}
