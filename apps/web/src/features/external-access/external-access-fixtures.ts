import type {
  ExternalAccessLink,
  ExternalReferralView,
} from '@referrals/domain/external-access/external-access-schemas';

/** A portal referral as the patient's link shows it: accepted, with its history and a signed form to come. */
export function externalReferralFixture(overrides: Partial<ExternalReferralView> = {}): ExternalReferralView {
  return {
    id: '6f1c2a4e-0000-4000-8000-000000000001',
    audience: 'patient',
    status: { value: 'ACPT', display: 'Accepted' },
    type: { value: 'EXTERNAL', display: 'External' },
    submitted_at: '2026-03-02T01:00:00Z',
    receiver: 'North Shore Heart Clinic',
    patient_name: 'Grace Whitfield',
    referrer: { name: 'Grace Whitfield', practice: null, email: null, phone: null },
    appointment: null,
    history: [
      { at: '2026-03-02T01:00:00Z', status: { value: 'SBMT', display: 'Sent' } },
      { at: '2026-03-03T02:00:00Z', status: { value: 'ACPT', display: 'Accepted' } },
    ],
    attachments: [],
    reports: [],
    letter_available: false,
    consent: { asked: true, signed_copy_uploaded: false },
    ...overrides,
  };
}

/** GET referrals/external/?access= of a working link, without a session unless a referral is given. */
export function accessLinkFixture(overrides: Partial<ExternalAccessLink> = {}): ExternalAccessLink {
  return {
    verify_with: ['patient_details'],
    expires_at: '2030-04-01T00:00:00Z',
    referral: null,
    ...overrides,
  };
}
