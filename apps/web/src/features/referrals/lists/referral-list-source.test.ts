import { describe, expect, it } from 'vitest';
import { DEFAULT_REFERRAL_LIST_FILTERS } from './list-filters';
import { referralListParams, type ReferralListSource } from './referral-list-source';

const inboxAll: ReferralListSource = { box: 'inbox', type: 'all' };
const params = (source: ReferralListSource, filters: Partial<typeof DEFAULT_REFERRAL_LIST_FILTERS> = {}) =>
  referralListParams({ source, filters: { ...DEFAULT_REFERRAL_LIST_FILTERS, ...filters }, page: 1 });

describe('the GET referrals/ parameters of a list (spec sections 3 Saved list filters, 7 Referrals)', () => {
  it('sends the search, trimmed, in the parameter of its search type', () => {
    const expected = {
      all: 'search',
      patient: 'patient_name',
      referrer: 'referrer',
      specialist: 'receiver',
      mrn: 'patient_mrn',
      referral_id: 'referral_id',
    } as const;
    for (const [searchType, parameter] of Object.entries(expected)) {
      expect(params(inboxAll, { searchType: searchType as keyof typeof expected, search: ' ngu ' })).toEqual({
        page: 1,
        box: 'inbox',
        list: 'all',
        [parameter]: 'ngu',
      });
    }
  });

  it('asks Archive and Deleted Items for both sides, and an archived list for its box only', () => {
    expect(params({ box: 'archive' })).toEqual({ page: 1, archived: 'true' });
    expect(params({ box: 'trash' }, { archiveEnabled: true })).toEqual({ page: 1, deleted: 'true' });
    expect(params({ box: 'outbox', type: 'returned' }, { archiveEnabled: true })).toEqual({
      page: 1,
      box: 'outbox',
      list: 'returned',
      archived: 'true',
    });
  });

  it('leaves out what drafts cannot use: archive, dates and sort', () => {
    expect(
      params(
        { box: 'outbox', type: 'drafts' },
        {
          archiveEnabled: true,
          submittedAfter: '2026-01-01',
          submittedBefore: '2026-02-01',
          sort: 'patient_name',
          myReferral: true,
        },
      ),
    ).toEqual({ page: 1, box: 'outbox', list: 'drafts', my_referral: 'true' });
  });
});
