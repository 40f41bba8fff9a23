import { codeOf, type Code } from '../codes.ts';
import {
  referralStatuses,
  referralTypes,
  type ReferralAction,
  type ReferralStatus,
  type ReferralType,
} from './referral-codes.ts';

/**
 * The referral state machine of referral-lifecycle.md (spec section 4 says the complete one is not
 * shown; this is the product's decision). The server checks it inside the transition's transaction and
 * the UI uses the same table to show actions, so a rule cannot drift between the two.
 */

/** Which side of a referral the caller is on (referral-lifecycle.md Sides). Shared-with readers have none. */
export type ReferralSide = 'sender' | 'receiver';

/** What a transition needs of a referral; server rows and API objects both fit (referral-lifecycle.md). */
export type ReferralLifecycleInput = {
  status: Code<ReferralStatus>;
  /** The actions a type allows differ (the rows' `types`); absent reads as IN-APP. */
  type?: Code<ReferralType> | null;
  /** The draft was recalled from the receiver: submitting it again gives UPDT. */
  is_recalled?: boolean | null;
  /** A renewal was already made from this referral: it cannot be renewed twice. */
  is_renewed?: boolean | null;
  /** Archived on the caller's side (the flag is kept per side). */
  is_archived?: boolean | null;
  /** Deleted (in Deleted Items) on the caller's side (the flag is kept per side). */
  is_deleted?: boolean | null;
  /** Started from a launch from the sender's clinical record, whose letter can be filed back there. */
  from_clinical_record?: boolean | null;
};

/** One row of the lifecycle table (referral-lifecycle.md Transitions). */
export type ReferralTransition = {
  readonly side: ReferralSide | 'either';
  /** The statuses the action is allowed from; 'all' is any status. */
  readonly from: readonly ReferralStatus[] | 'all';
  /** The status afterwards; 'same' when the action leaves the status alone (a flag or a new referral). */
  readonly to: ReferralStatus | 'same';
  /** Submit only: the status when the draft was recalled earlier. */
  readonly toWhenRecalled?: ReferralStatus;
  /** The new referral the action creates, and its status. */
  readonly creates?: { readonly status: ReferralStatus };
  /** The types the action is for, or the types it is refused for; absent: any type. */
  readonly types?: { readonly only: readonly ReferralType[] } | { readonly not: readonly ReferralType[] };
  /** The referral's type afterwards, when the action changes it (convert). */
  readonly toType?: ReferralType;
  /** Unarchive doubles as the restore from Deleted Items, so it is also allowed from any deleted referral. */
  readonly alsoWhenDeleted?: boolean;
  /** Refused once the referral carries this flag. */
  readonly refusedWhen?: 'is_renewed';
  /** Only for a referral that carries this flag. */
  readonly requires?: 'from_clinical_record';
};

const ACTIVE = ['SBMT', 'VWD', 'UPDT'] as const satisfies readonly ReferralStatus[];
/** Triaged: accepted, waitlisted or scheduled; the first of these since submission ends the wait for triage. */
export const TRIAGED_STATUSES = ['ACPT', 'WLST', 'SCHDL'] as const satisfies readonly ReferralStatus[];
const TRIAGED = TRIAGED_STATUSES;
const NOT_DRAFT = referralStatuses.codes.filter((status) => status !== 'DRFT');
/** An advice and guidance request is answered with advice or converted, never triaged (referral-lifecycle.md). */
const NOT_ADVICE = { not: ['ADVICE_AND_GUIDANCE'] } as const;

/** The lifecycle table of referral-lifecycle.md, one row per action, in the order the UI lists them. */
export const REFERRAL_TRANSITIONS = {
  update: { side: 'sender', from: ['DRFT'], to: 'same' },
  submit: { side: 'sender', from: ['DRFT'], to: 'SBMT', toWhenRecalled: 'UPDT' },
  view: { side: 'receiver', from: ['SBMT', 'UPDT'], to: 'VWD' },
  convert: {
    side: 'receiver',
    from: ACTIVE,
    to: 'same',
    types: { only: ['ADVICE_AND_GUIDANCE'] },
    toType: 'IN-APP',
  },
  accept: { side: 'receiver', from: [...ACTIVE, 'WLST'], to: 'ACPT', types: NOT_ADVICE },
  waitlist: { side: 'receiver', from: [...ACTIVE, 'ACPT'], to: 'WLST', types: NOT_ADVICE },
  schedule: {
    side: 'receiver',
    from: [...ACTIVE, 'ACPT', 'WLST'],
    to: 'SCHDL',
    types: { not: ['MANUAL', 'ADVICE_AND_GUIDANCE'] },
  },
  manual_schedule: {
    side: 'receiver',
    from: [...ACTIVE, 'ACPT', 'WLST'],
    to: 'SCHDL',
    types: { only: ['MANUAL'] },
  },
  reschedule: { side: 'receiver', from: ['SCHDL'], to: 'SCHDL' },
  return: { side: 'receiver', from: [...ACTIVE, ...TRIAGED], to: 'RTRN' },
  forward: {
    side: 'receiver',
    from: [...ACTIVE, 'ACPT', 'WLST'],
    to: 'FWRD',
    creates: { status: 'SBMT' },
    types: NOT_ADVICE,
  },
  upload_to_emr: { side: 'receiver', from: TRIAGED, to: 'same' },
  // The sender's letter filed back to the clinical record it was started from (docs/clinical-record.md).
  file_to_record: { side: 'sender', from: NOT_DRAFT, to: 'same', requires: 'from_clinical_record' },
  recall: { side: 'sender', from: [...ACTIVE, ...TRIAGED], to: 'DRFT' },
  renew: {
    side: 'sender',
    from: TRIAGED,
    to: 'same',
    creates: { status: 'SBMT' },
    refusedWhen: 'is_renewed',
    types: NOT_ADVICE,
  },
  clone: { side: 'sender', from: 'all', to: 'same', creates: { status: 'DRFT' } },
  copy: { side: 'sender', from: 'all', to: 'same', creates: { status: 'DRFT' } },
  share: { side: 'either', from: NOT_DRAFT, to: 'same' },
  archive: { side: 'either', from: NOT_DRAFT, to: 'same' },
  unarchive: { side: 'either', from: NOT_DRAFT, to: 'same', alsoWhenDeleted: true },
  delete: { side: 'either', from: 'all', to: 'same' },
} as const satisfies Partial<Record<ReferralAction, ReferralTransition>>;

/** An action the lifecycle table covers (referral-lifecycle.md Transitions); enroll is outside it. */
export type ReferralLifecycleAction = keyof typeof REFERRAL_TRANSITIONS;

/** The lifecycle actions in table order. */
export const REFERRAL_LIFECYCLE_ACTIONS = Object.keys(REFERRAL_TRANSITIONS) as ReferralLifecycleAction[];

function transition(action: ReferralLifecycleAction): ReferralTransition {
  return REFERRAL_TRANSITIONS[action];
}

/** True when the action belongs to the side at all, whatever the status (referral-lifecycle.md Sides). */
export function isReferralActionForSide(action: ReferralLifecycleAction, side: ReferralSide): boolean {
  const rule = transition(action);
  return rule.side === 'either' || rule.side === side;
}

type Refusal = 'side' | 'status' | 'type' | 'renewed' | 'no clinical record';

/** The referral's type code; a referral without one is IN-APP, the default of POST referrals/. */
function typeOf(referral: ReferralLifecycleInput): ReferralType {
  const type = codeOf(referral.type) ?? 'IN-APP';
  return referralTypes.isCode(type) ? type : 'IN-APP';
}

function typeAllows(types: NonNullable<ReferralTransition['types']>, referral: ReferralLifecycleInput) {
  const type = typeOf(referral);
  return 'only' in types ? types.only.includes(type) : !types.not.includes(type);
}

/** Why an action is refused, or null when allowed; the one place the table is read. */
function refusal(
  action: ReferralLifecycleAction,
  referral: ReferralLifecycleInput,
  side: ReferralSide,
): Refusal | null {
  const rule = transition(action);
  if (!isReferralActionForSide(action, side)) return 'side';
  const status = codeOf(referral.status) ?? '';
  if (!referralStatuses.isCode(status)) return 'status';
  const fromAllowed =
    rule.from === 'all' ||
    rule.from.includes(status) ||
    (rule.alsoWhenDeleted === true && referral.is_deleted === true);
  if (!fromAllowed) return 'status';
  if (rule.types !== undefined && !typeAllows(rule.types, referral)) return 'type';
  if (rule.refusedWhen === 'is_renewed' && referral.is_renewed === true) return 'renewed';
  if (rule.requires === 'from_clinical_record' && referral.from_clinical_record !== true) {
    return 'no clinical record';
  }
  return null;
}

/**
 * The referral's status after the action by the side, or null when the table does not allow it
 * (referral-lifecycle.md Transitions; a refusal is a 409, or 403 when the action is not the side's).
 */
export function referralStatusAfter(
  action: ReferralLifecycleAction,
  referral: ReferralLifecycleInput,
  side: ReferralSide,
): ReferralStatus | null {
  if (refusal(action, referral, side) !== null) return null;
  const rule = transition(action);
  const current = codeOf(referral.status) as ReferralStatus;
  if (rule.toWhenRecalled !== undefined && referral.is_recalled === true) return rule.toWhenRecalled;
  return rule.to === 'same' ? current : rule.to;
}

/**
 * The actions to offer the side as buttons (referral-lifecycle.md): those the table allows, less the
 * no-ops a button would only repeat. The server accepts archive of an archived referral and delete of a
 * deleted one (a second click is not an error), but the UI offers only the one that changes something;
 * delete stays for a deleted draft on the sender side, where it deletes for good.
 */
export function allowedReferralActions(
  referral: ReferralLifecycleInput,
  side: ReferralSide,
): ReferralLifecycleAction[] {
  const archived = referral.is_archived === true;
  const deleted = referral.is_deleted === true;
  return REFERRAL_LIFECYCLE_ACTIONS.filter((action) => {
    if (refusal(action, referral, side) !== null) return false;
    if (action === 'archive') return !archived && !deleted;
    if (action === 'unarchive') return archived || deleted;
    if (action === 'delete') return !deleted || isPermanentReferralDelete(referral, side);
    return true;
  });
}

/**
 * True when delete removes the referral for good: a draft the sender has already moved to Deleted
 * Items (referral-lifecycle.md delete: "a draft deleted from trash is gone for good").
 */
export function isPermanentReferralDelete(referral: ReferralLifecycleInput, side: ReferralSide): boolean {
  return side === 'sender' && codeOf(referral.status) === 'DRFT' && referral.is_deleted === true;
}

/** The action as the end of "cannot be …" in a refusal message. */
const ACTION_PAST_TENSE: Record<ReferralLifecycleAction, string> = {
  update: 'edited',
  submit: 'submitted',
  view: 'marked as viewed',
  convert: 'converted into a referral',
  accept: 'accepted',
  waitlist: 'waitlisted',
  schedule: 'scheduled',
  manual_schedule: 'scheduled manually',
  reschedule: 'rescheduled',
  return: 'returned',
  forward: 'forwarded',
  upload_to_emr: 'uploaded to an EMR',
  file_to_record: 'filed to the clinical record',
  recall: 'recalled',
  renew: 'renewed',
  clone: 'cloned',
  copy: 'copied',
  share: 'shared',
  archive: 'archived',
  unarchive: 'unarchived',
  delete: 'deleted',
};

/**
 * The 409 detail when the action is refused, naming the current status by its label (referral-lifecycle.md:
 * "a transition not in this table is a 409 that names the current status"; api-conventions.md Errors).
 * Given the referral rather than its status, a refusal for its type or for an earlier renewal says so.
 */
export function referralActionRefusedMessage(
  action: ReferralLifecycleAction,
  current: Code<ReferralStatus> | ReferralLifecycleInput,
): string {
  const referral: ReferralLifecycleInput =
    typeof current === 'object' && 'status' in current ? current : { status: current };
  const rule = transition(action);
  const side: ReferralSide = rule.side === 'receiver' ? 'receiver' : 'sender';
  const reason = refusal(action, referral, side);
  if (reason === 'type') return typeRefusedMessage(action, typeOf(referral));
  if (reason === 'renewed') return 'This referral has already been renewed.';
  if (reason === 'no clinical record') return 'This referral was not started from a clinical record.';
  const status = codeOf(referral.status) ?? '';
  const label = referralStatuses.isCode(status) ? referralStatuses.display(status) : 'unknown';
  return `This referral is ${label} and cannot be ${ACTION_PAST_TENSE[action]}.`;
}

/** Why the referral's type does not allow the action. */
function typeRefusedMessage(action: ReferralLifecycleAction, type: ReferralType): string {
  if (action === 'convert') return 'Only an advice and guidance request can be converted into a referral.';
  if (type === 'ADVICE_AND_GUIDANCE')
    return `An advice and guidance request cannot be ${ACTION_PAST_TENSE[action]}: answer it with advice or convert it into a referral first.`;
  if (action === 'manual_schedule') return 'Only a manual referral can be scheduled manually.';
  return 'A manual referral is scheduled with manual schedule.';
}

/** The referral's type after the action: convert makes an advice and guidance request a referral. */
export function referralTypeAfter(action: ReferralLifecycleAction): ReferralType | null {
  const rule: ReferralTransition = transition(action);
  return rule.toType ?? null;
}
