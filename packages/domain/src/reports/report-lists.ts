import {
  reportInboxListTypes,
  reportOutboxListTypes,
  type ReportInboxListType,
  type ReportOutboxListType,
} from '../referrals/referral-codes.ts';
import type { ReportStatus } from './report-codes.ts';

/**
 * What each clinical reports list shows (spec section 2 List types). The reports inbox holds the reports
 * that came back on the referrals the caller's side sent; the outbox those the caller's side wrote on
 * referrals it received, drafts included. The server's query and the web's tabs and counters read this.
 */

export type ReportBox = 'inbox' | 'outbox';

const SENT: readonly ReportStatus[] = ['SBMT', 'VWD', 'RVWD'];

export const REPORT_INBOX_LISTS = {
  all: SENT,
  new: ['SBMT'],
  'under-review': ['VWD'],
  reviewed: ['RVWD'],
} as const satisfies Record<ReportInboxListType, readonly ReportStatus[]>;

export const REPORT_OUTBOX_LISTS = {
  all: ['DRFT', ...SENT],
  new: ['SBMT'],
  'under-review': ['VWD'],
  reviewed: ['RVWD'],
  sent: SENT,
  drafts: ['DRFT'],
} as const satisfies Record<ReportOutboxListType, readonly ReportStatus[]>;

/** The list types of a box with their labels (referral-codes.ts), in the order the tabs show them. */
export function reportListTypes(box: ReportBox) {
  return box === 'inbox' ? reportInboxListTypes : reportOutboxListTypes;
}

/** The statuses a list shows, or null when the box has no such list. Drafts are the author side's only. */
export function reportListStatuses(box: ReportBox, list: string): readonly ReportStatus[] | null {
  const lists: Record<string, readonly ReportStatus[]> =
    box === 'inbox' ? REPORT_INBOX_LISTS : REPORT_OUTBOX_LISTS;
  return Object.hasOwn(lists, list) ? (lists[list] ?? null) : null;
}
