import {
  canSeeImportQueue,
  isLimitedMode,
  isPatientAccount,
  type AccessContext,
} from '@referrals/domain/people/access-rules';
import { useImportUnreadCount } from '@/features/imports/import-calls';
import { useReferralStats } from '@/features/referrals/api/referral-stats';
import { useCaseConferenceStats } from '@/features/referrals/case-conference-lists/case-conference-stats';
import { useReportStats } from '@/features/referrals/reports/report-stats';
import { getRuntimeConfig } from '@/lib/runtime-config';
import type { NavItemId } from './nav-items';
import type { ShownTotals } from './use-show-totals';

/** What a side navigation item counts: its unread referrals, and their total when 'Show totals' is on. */
export type NavCount = { unread: number; total?: number };

/**
 * The inbox and outbox counters of the side navigation (section 2 Layout), polled every 20 s: referrals,
 * reports and case conferences, each unread with the total when 'Show totals' is on (for case conferences,
 * their unread messages and the active ones), and the draft reports.
 */
export function useNavCounts(
  access: AccessContext | undefined,
  totals: ShownTotals,
): Partial<Record<NavItemId, NavCount>> {
  // The limited mode lists neither box, and its personal space has no referrals to count; nor does a
  // patient's account.
  const enabled = access !== undefined && !isLimitedMode(access) && !isPatientAccount(access);
  const { data: stats } = useReferralStats({ enabled });
  const { data: reports } = useReportStats({ enabled });
  const { data: imports } = useImportUnreadCount({ enabled: enabled && canSeeImportQueue(access) });
  // With the flag off every conference call answers 404: nothing to poll.
  const { data: conferences } = useCaseConferenceStats({
    enabled: enabled && getRuntimeConfig().flags.caseConferences,
  });
  const reportCounts: Partial<Record<NavItemId, NavCount>> =
    reports === undefined
      ? {}
      : {
          'inbox-reports': {
            unread: reports.inbox.unread,
            total: totals.inbox ? reports.inbox.count : undefined,
          },
          'outbox-reports': {
            unread: reports.outbox.unread,
            total: totals.outbox ? reports.outbox.count : undefined,
          },
          // The drafts waiting to be sent, when there are any.
          ...(reports.drafts > 0 ? { 'drafts-reports': { unread: 0, total: reports.drafts } } : {}),
        };
  const importCounts: Partial<Record<NavItemId, NavCount>> =
    imports === undefined ? {} : { 'manual-referrals': { unread: imports } };
  const conferenceCounts: Partial<Record<NavItemId, NavCount>> =
    conferences === undefined
      ? {}
      : {
          'inbox-case-conferences': {
            unread: conferences.inbox.unread,
            total: totals.inbox ? conferences.inbox.active : undefined,
          },
          'outbox-case-conferences': {
            unread: conferences.outbox.unread,
            total: totals.outbox ? conferences.outbox.active : undefined,
          },
        };
  if (stats === undefined) return { ...reportCounts, ...importCounts, ...conferenceCounts };
  return {
    ...reportCounts,
    ...importCounts,
    ...conferenceCounts,
    'inbox-referrals': { unread: stats.inbox.unread, total: totals.inbox ? stats.inbox.count : undefined },
    'outbox-referrals': {
      unread: stats.outbox.unread,
      total: totals.outbox ? stats.outbox.count : undefined,
    },
  };
}
