import { describe, expect, it } from 'vitest';
import { inboxListTypes, outboxListTypes } from './referral-codes.ts';
import { referralListFilter } from './referral-lists.ts';

// Written from referral-lifecycle.md Lists, in its order, apart from the module's table.
const EVERYTHING_BUT_DRAFTS_AND_FORWARDED = ['SBMT', 'VWD', 'ACPT', 'SCHDL', 'WLST', 'RTRN', 'UPDT'];

describe('the statuses of each list (referral-lifecycle.md Lists)', () => {
  it.each([
    ['new', ['SBMT', 'UPDT']],
    ['under-review', ['VWD']],
    ['accepted', ['ACPT']],
    ['scheduled', ['SCHDL']],
    ['waitlisted', ['WLST']],
    ['returned', ['RTRN']],
    ['forwarded', ['FWRD']],
  ])('%s shows %j in both boxes', (listType, statuses) => {
    for (const box of ['inbox', 'outbox'] as const) {
      const filter = referralListFilter(box, listType);
      expect([...(filter?.statuses ?? [])].sort()).toEqual([...statuses].sort());
      expect(filter?.shared).toBe(false);
      expect(filter?.case_conference_status).toBeNull();
    }
  });

  it('shows everything but drafts and forwarded referrals in all', () => {
    const filter = referralListFilter('inbox', 'all');
    expect([...(filter?.statuses ?? [])].sort()).toEqual([...EVERYTHING_BUT_DRAFTS_AND_FORWARDED].sort());
    expect(referralListFilter('outbox', 'all')).toEqual(filter);
  });

  it('has drafts in the outbox only', () => {
    expect(referralListFilter('outbox', 'drafts')?.statuses).toEqual(['DRFT']);
    expect(referralListFilter('inbox', 'drafts')).toBeNull();
  });

  it('has shared in the inbox only, as a flag over the all list', () => {
    const shared = referralListFilter('inbox', 'shared');
    expect(shared?.shared).toBe(true);
    expect([...(shared?.statuses ?? [])].sort()).toEqual([...EVERYTHING_BUT_DRAFTS_AND_FORWARDED].sort());
    expect(referralListFilter('outbox', 'shared')).toBeNull();
  });

  it('asks for the case conference state in the case-conference lists', () => {
    for (const box of ['inbox', 'outbox'] as const) {
      expect(referralListFilter(box, 'case-conference-active')?.case_conference_status).toBe('active');
      expect(referralListFilter(box, 'case-conference-closed')?.case_conference_status).toBe('closed');
      expect(referralListFilter(box, 'case-conference-closed')?.shared).toBe(false);
    }
  });

  it('answers null for a list no box has', () => {
    expect(referralListFilter('inbox', 'archive')).toBeNull();
    expect(referralListFilter('outbox', '')).toBeNull();
    expect(referralListFilter('inbox', 'toString')).toBeNull();
  });

  it('has a filter for every list type of both boxes, none of them empty', () => {
    for (const listType of inboxListTypes.codes) {
      expect(referralListFilter('inbox', listType)?.statuses.length).toBeGreaterThan(0);
    }
    for (const listType of outboxListTypes.codes) {
      expect(referralListFilter('outbox', listType)?.statuses.length).toBeGreaterThan(0);
    }
  });
});
