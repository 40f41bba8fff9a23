import { CASE_CONFERENCE_LENGTH_DAYS } from '../constants.ts';
import type { ReferralSideOfCaller } from '../referrals/referral-schemas.ts';
import {
  caseConferenceStatuses,
  type CaseConferenceStatus,
  type ParticipantStatus,
} from './case-conference-codes.ts';

/**
 * The case conference's lifecycle (spec section 4 Case conference; docs/case-conferences.md) as data, like
 * the referral's and the report's. The server checks this table inside the action's transaction, with the
 * conference row locked, and answers `allowed_actions` from it, so the screens offer what the server allows.
 */

/** Who may take an action, before its status is looked at (a refusal here is a 403). */
export type CaseConferenceActor =
  /** Anyone on the referral's sender or receiver side (not an establishment it was only shared with). */
  | 'side'
  /** The conference's owner: the person who started it. */
  | 'owner'
  /** Someone whose participant status is one of these; `null` is someone with no participant row. */
  | { readonly participant: readonly (ParticipantStatus | null)[] };

/** One row of the table. */
export type CaseConferenceTransition = {
  readonly who: CaseConferenceActor;
  /** The conference statuses it may be taken from; `none`: the referral has no conference yet. */
  readonly from: readonly (CaseConferenceStatus | 'none')[];
  /** The conference's status afterwards ('same': unchanged). */
  readonly to: CaseConferenceStatus | 'same';
  /** The caller's participant status afterwards ('same': unchanged). */
  readonly participant: ParticipantStatus | 'same';
};

export const CASE_CONFERENCE_ACTIONS = {
  /** Starts one; a referral has at most one active conference, and may have another after one closed. */
  create: { who: 'side', from: ['none', 'closed'], to: 'active', participant: 'joined' },
  /** Someone invited, someone who left, or anyone on either side of the referral takes part. */
  join: {
    who: { participant: ['invited', 'left', null] },
    from: ['active'],
    to: 'same',
    participant: 'joined',
  },
  /** Anyone taking part or invited but the owner, who closes it instead. */
  leave: { who: { participant: ['invited', 'joined'] }, from: ['active'], to: 'same', participant: 'left' },
  /** Someone taking part asks more colleagues of either side in while it is open. */
  invite: { who: { participant: ['joined'] }, from: ['active'], to: 'same', participant: 'same' },
  /** Only those taking part post; a closed conference takes no more messages (409). */
  message: { who: { participant: ['joined'] }, from: ['active'], to: 'same', participant: 'same' },
  /** A read mark: anyone with a participant row, also once the conference is closed. */
  read: {
    who: { participant: ['invited', 'joined', 'left'] },
    from: ['active', 'closed'],
    to: 'same',
    participant: 'same',
  },
  /** The owner ends it before its 14 days are up (the job closes it at the end otherwise). */
  close: { who: 'owner', from: ['active'], to: 'closed', participant: 'same' },
} as const satisfies Record<string, CaseConferenceTransition>;

export type CaseConferenceAction = keyof typeof CASE_CONFERENCE_ACTIONS;
export const CASE_CONFERENCE_ACTION_NAMES = Object.keys(CASE_CONFERENCE_ACTIONS) as CaseConferenceAction[];

/** What the table needs to know about the caller and the conference. */
export type CaseConferenceContext = {
  /** The referral's conference status, or 'none' when it has none. */
  status: CaseConferenceStatus | 'none';
  /** The caller's side of the referral; a participant who cannot see the referral otherwise has theirs. */
  side: ReferralSideOfCaller;
  isOwner: boolean;
  participantStatus: ParticipantStatus | null;
};

/** True when the caller is the kind of person who may take the action, whatever the status (else 403). */
export function mayTakeCaseConferenceAction(action: CaseConferenceAction, context: CaseConferenceContext) {
  const who: CaseConferenceActor = CASE_CONFERENCE_ACTIONS[action].who;
  if (who === 'side') return context.side !== 'shared';
  if (who === 'owner') return context.isOwner;
  if (action === 'leave' && context.isOwner) return false;
  // Joining without an invitation is for the referral's two sides, not an establishment it was shared with.
  if (context.participantStatus === null && context.side === 'shared') return false;
  return who.participant.includes(context.participantStatus);
}

/** True when the conference's status allows the action (else 409 naming the status, section 4). */
export function caseConferenceStatusAllows(
  action: CaseConferenceAction,
  status: CaseConferenceStatus | 'none',
): boolean {
  const from: readonly (CaseConferenceStatus | 'none')[] = CASE_CONFERENCE_ACTIONS[action].from;
  return from.includes(status);
}

/** The actions to offer the caller: those both checks allow (section 3 Case conference state: action). */
export function allowedCaseConferenceActions(context: CaseConferenceContext): CaseConferenceAction[] {
  return CASE_CONFERENCE_ACTION_NAMES.filter(
    (action) =>
      mayTakeCaseConferenceAction(action, context) && caseConferenceStatusAllows(action, context.status),
  );
}

/**
 * True when the caller only reads (section 3 Case conference state: isReadOnly): they cannot post, because
 * the conference is closed or they are not taking part.
 */
export function isCaseConferenceReadOnly(context: CaseConferenceContext): boolean {
  return !allowedCaseConferenceActions(context).includes('message');
}

const DAY_MS = 24 * 60 * 60_000;

/** When a conference started at `startedAt` ends: CASE_CONFERENCE_LENGTH_DAYS later (section 9, 14 days). */
export function caseConferenceEndsAt(startedAt: Date): Date {
  return new Date(startedAt.getTime() + CASE_CONFERENCE_LENGTH_DAYS * DAY_MS);
}

/** When the one_day_warning event is due: a day before the end (section 4 Case conference). */
export function caseConferenceWarningAt(endsAt: Date): Date {
  return new Date(endsAt.getTime() - DAY_MS);
}

const ACTION_REFUSED: Record<CaseConferenceAction, string> = {
  create: 'a new one cannot be started until it is closed',
  join: 'it cannot be joined',
  leave: 'it cannot be left',
  invite: 'no one more can be invited',
  message: 'no more messages can be posted',
  read: 'it cannot be marked as read',
  close: 'it cannot be closed again',
};

/** The 409 detail of an action the conference's status refuses, naming that status (api-conventions.md). */
export function caseConferenceRefusedMessage(action: CaseConferenceAction, status: CaseConferenceStatus) {
  return `This case conference is ${caseConferenceStatuses.display(status)}: ${ACTION_REFUSED[action]}.`;
}
