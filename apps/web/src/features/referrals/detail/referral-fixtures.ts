import {
  REFERRAL_RECEIVER_TEXT_FIELDS,
  REFERRAL_SENDER_FLAGS,
  REFERRAL_SENDER_TEXT_FIELDS,
  type Referral,
} from '@referrals/domain/referrals/referral-schemas';
import type { FakeAnswer } from '@/test/fake-api';

const nulls = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, null]));

/** Test data: a submitted referral as GET referrals/{id}/ answers the sender; `overrides` set what a test needs. */
export function referralFixture(overrides: Partial<Referral> = {}): Referral {
  return {
    id: 'r1',
    version: 2,
    type: 'IN-APP',
    status: { value: 'SBMT', display: 'Submitted' },
    patient: {
      id: 'p1',
      title: 'MRS',
      first_name: 'Margaret',
      last_name: 'Nguyen',
      dob: '1948-03-07',
      sex: 'F',
      pub_insurance_details: '2296818481',
    },
    referrer: { id: 'u1', name: 'Dr Olivia Chen' },
    from_establishment: { id: 'e1', name: 'Harbourside Family Medical Practice', type: 'GP' },
    to_establishment: { id: 'e2', name: 'Northside Cardiology', type: 'SP' },
    assignee: { id: 'u2', name: 'Dr Raj Patel' },
    referrer_message: 'I am referring this patient for a comprehensive treatment and management plan.',
    duration: 12,
    renewal_duration: 12,
    ...nulls(REFERRAL_SENDER_TEXT_FIELDS),
    ...Object.fromEntries(REFERRAL_SENDER_FLAGS.map((flag) => [flag, false])),
    ...nulls(REFERRAL_RECEIVER_TEXT_FIELDS),
    appointment_date: null,
    show_appointment_details: false,
    reschedule_list: [],
    submitted_at: '2026-11-20T09:00:00+11:00',
    expires_at: '2027-11-20T09:00:00+11:00',
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
    allowed_actions: ['recall', 'clone', 'copy', 'share', 'archive', 'delete'],
    tags: [],
    sticky_notes: [],
    created_at: '2026-11-19T09:00:00+11:00',
    updated_at: '2026-11-20T09:00:00+11:00',
    ...overrides,
  } as Referral;
}

const emptyPage = { status: 200, body: { count: 0, next: null, previous: null, results: [] } };

/** The fake API of the referral page: the referral and everything its sections read, all empty. */
export function referralPageRoutes(referral: Referral): Record<string, FakeAnswer> {
  const base = `/api/referrals/${referral.id}/`;
  return {
    [`GET ${base}`]: { status: 200, body: referral },
    [`GET ${base}history/`]: {
      status: 200,
      body: [
        {
          id: 'h1',
          action: 'submit',
          from_status: 'DRFT',
          to_status: 'SBMT',
          actor: referral.referrer,
          establishment: referral.from_establishment,
          detail: {},
          occurred_at: '2026-11-20T09:00:00+11:00',
        },
      ],
    },
    [`GET ${base}form-templates/`]: { status: 200, body: [] },
    [`GET ${base}forms/`]: { status: 200, body: { forms: {} } },
    [`GET ${base}referrer-attachments/`]: emptyPage,
    [`GET ${base}receiver-attachments/`]: emptyPage,
    [`GET ${base}reschedule-attachments/`]: emptyPage,
    [`GET ${base}supplementary-attachments/`]: emptyPage,
  };
}
