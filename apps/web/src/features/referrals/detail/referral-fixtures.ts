import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { FakeAnswer } from '@/test/fake-api';

export { referralFixture } from '../referral-fixture';

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
    [`GET ${base}patient-attachments/`]: emptyPage,
    // No case conference was ever started on it.
    [`GET ${base}case/`]: { status: 404, body: { detail: 'Not found.' } },
    [`GET ${base}verification-code/`]: {
      status: 200,
      body: { code: '482913', seconds_left: 60, expires_at: '2026-11-26T01:01:00Z' },
    },
  };
}
