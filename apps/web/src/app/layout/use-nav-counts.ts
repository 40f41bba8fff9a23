import { isLimitedMode, type AccessContext } from '@referrals/domain/people/access-rules';
import { useReferralStats } from '@/features/referrals/api/referral-stats';
import type { NavItemId } from './nav-items';
import type { ShownTotals } from './use-show-totals';

/** What a side navigation item counts: its unread referrals, and their total when 'Show totals' is on. */
export type NavCount = { unread: number; total?: number };

/**
 * The inbox and outbox referral counters of the side navigation (section 2 Layout), polled every 20 s.
 * Reports and case conferences have no counts in the API yet, so their items show none.
 */
export function useNavCounts(
  access: AccessContext | undefined,
  totals: ShownTotals,
): Partial<Record<NavItemId, NavCount>> {
  // The limited mode lists neither box, and its personal space has no referrals to count.
  const { data: stats } = useReferralStats({ enabled: access !== undefined && !isLimitedMode(access) });
  if (stats === undefined) return {};
  return {
    'inbox-referrals': { unread: stats.inbox.unread, total: totals.inbox ? stats.inbox.count : undefined },
    'outbox-referrals': {
      unread: stats.outbox.unread,
      total: totals.outbox ? stats.outbox.count : undefined,
    },
  };
}
