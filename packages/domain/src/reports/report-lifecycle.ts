import { codeOf, type Code } from '../codes.ts';
import type { ReferralStatus } from '../referrals/referral-codes.ts';
import type { ReferralSide } from '../referrals/referral-lifecycle.ts';
import { reportStatuses, type ReportStatus } from './report-codes.ts';

/**
 * The clinical report's lifecycle (spec section 4 Reports; docs/reports.md), as data like the referral's
 * (referral-lifecycle.ts). A report answers a referral: the referral's receiver side writes it, its sender
 * side (the referrer) reads and reviews it. The server checks this table inside the action's transaction
 * and the screens offer the same actions, so the two cannot drift.
 */

/** One row of the table: who may act, from which report statuses, and the status afterwards. */
export type ReportTransition = {
  /** The side of the referral that acts: the receiver writes, the sender reviews. */
  readonly side: ReferralSide;
  readonly from: readonly ReportStatus[];
  /** The status afterwards; 'same' for an edit, 'gone' for a draft deleted for good. */
  readonly to: ReportStatus | 'same' | 'gone';
};

export const REPORT_TRANSITIONS = {
  update: { side: 'receiver', from: ['DRFT'], to: 'same' },
  delete: { side: 'receiver', from: ['DRFT'], to: 'gone' },
  submit: { side: 'receiver', from: ['DRFT'], to: 'SBMT' },
  /** The referrer's first open: the author learns it is under review. */
  view: { side: 'sender', from: ['SBMT'], to: 'VWD' },
  /** Marked under review by hand, also to take a reviewed report up again. */
  underreview: { side: 'sender', from: ['SBMT', 'RVWD'], to: 'VWD' },
  review: { side: 'sender', from: ['SBMT', 'VWD'], to: 'RVWD' },
} as const satisfies Record<string, ReportTransition>;

export type ReportAction = keyof typeof REPORT_TRANSITIONS;
export const REPORT_ACTIONS = Object.keys(REPORT_TRANSITIONS) as ReportAction[];

/**
 * The referral statuses a report may be written on: the receiver has the referral and has not given it
 * up. A draft (recalled) is the sender's again, a returned or forwarded one is no longer the receiver's.
 */
export const REPORT_WRITABLE_REFERRAL_STATUSES = [
  'SBMT',
  'VWD',
  'UPDT',
  'ACPT',
  'WLST',
  'SCHDL',
] as const satisfies readonly ReferralStatus[];

/** True when the referral's receiver side may write a new report on it (section 4 Reports). */
export function canWriteReportOn(referralStatus: Code<ReferralStatus>): boolean {
  const status = codeOf(referralStatus);
  return REPORT_WRITABLE_REFERRAL_STATUSES.some((s) => s === status);
}

/** True when the action belongs to the side at all, whatever the status. */
export function isReportActionForSide(action: ReportAction, side: ReferralSide): boolean {
  return REPORT_TRANSITIONS[action].side === side;
}

/**
 * The report's status after the action by the side ('gone' for a deleted draft), or null when the table
 * does not allow it from the current status or for that side.
 */
export function reportStatusAfter(
  action: ReportAction,
  status: Code<ReportStatus>,
  side: ReferralSide,
): ReportStatus | 'gone' | null {
  const rule: ReportTransition = REPORT_TRANSITIONS[action];
  const current = codeOf(status);
  if (rule.side !== side || !reportStatuses.isCode(current) || !rule.from.includes(current)) return null;
  return rule.to === 'same' ? current : rule.to;
}

/** The actions to offer the side as buttons: those the table allows (view happens by opening). */
export function allowedReportActions(status: Code<ReportStatus>, side: ReferralSide): ReportAction[] {
  return REPORT_ACTIONS.filter(
    (action) => action !== 'view' && reportStatusAfter(action, status, side) !== null,
  );
}

const ACTION_PAST_TENSE: Record<ReportAction, string> = {
  update: 'edited',
  delete: 'deleted',
  submit: 'submitted',
  view: 'marked as viewed',
  underreview: 'marked as under review',
  review: 'marked as reviewed',
};

/** The 409 detail of a refused action, naming the report's current status (as the referral's does). */
export function reportActionRefusedMessage(action: ReportAction, status: Code<ReportStatus>): string {
  const current = codeOf(status) ?? '';
  const label = reportStatuses.isCode(current) ? reportStatuses.display(current) : 'unknown';
  return `This report is ${label} and cannot be ${ACTION_PAST_TENSE[action]}.`;
}
