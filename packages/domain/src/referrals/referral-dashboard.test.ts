import { describe, expect, it } from 'vitest';
import { REFERRAL_DASHBOARD_ITEMS } from './referral-dashboard.ts';
import { referralListFilter } from './referral-lists.ts';
import { isPendingAction } from './referral-conditions.ts';

describe('the dashboard items', () => {
  it('each link to a list its box has, under a key of their own', () => {
    for (const item of REFERRAL_DASHBOARD_ITEMS) {
      expect(referralListFilter(item.box, item.list), item.key).not.toBeNull();
    }
    const keys = REFERRAL_DASHBOARD_ITEMS.map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ask about pending action only in the inbox, where the receiver side triages', () => {
    const pending = REFERRAL_DASHBOARD_ITEMS.filter((item) => item.condition === 'pending-action');
    expect(pending.map((item) => item.box)).toEqual(['inbox']);
    expect(isPendingAction({ status: 'SBMT' }, 'receiver')).toBe(true);
    expect(isPendingAction({ status: 'SBMT' }, 'sender')).toBe(false);
  });
});
