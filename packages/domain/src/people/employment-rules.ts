import { codeOf, type Code } from '../codes.ts';
import {
  ACTIVE_EMPLOYMENT_STATUSES,
  CLOSED_EMPLOYMENT_STATUSES,
  type EmploymentActionedBy,
  type EmploymentStatus,
} from './people-codes.ts';

/**
 * Employment rules (spec section 4 Employment): the active/closed split, the selector's groups, the
 * one-primary-one-secondary limit, making an establishment primary, and the status changes each side may
 * make. The server applies them; Settings and the selector show the same.
 */

/** What these rules need of an employment; the profile's Employment fits. */
export type EmploymentLike = {
  id: string;
  priority: number;
  status: Code<EmploymentStatus>;
  establishment: { id: string };
};

/** Days an invitation stays open before it becomes INVITE_EXPIRED. The spec gives no figure; two weeks is ours. */
export const INVITE_VALID_DAYS = 14;

/** When an invitation sent at `sentAt` stops being answerable: INVITE_VALID_DAYS days later, to the millisecond. */
export function invitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITE_VALID_DAYS * 24 * 60 * 60_000);
}

/** Message when a third establishment is asked for (section 4: at most a primary and a secondary). */
export const TOO_MANY_EMPLOYMENTS_MESSAGE =
  'You already have a primary and a secondary establishment. Leave one before joining another.';

/** Message when the caller already has an open employment at the establishment. */
export const ALREADY_EMPLOYED_MESSAGE = 'You already belong to this establishment or have asked to join it.';

export function isActiveStatus(value: Code<EmploymentStatus> | null | undefined): boolean {
  return (ACTIVE_EMPLOYMENT_STATUSES as readonly string[]).includes(codeOf(value) ?? '');
}

export function isClosedStatus(value: Code<EmploymentStatus> | null | undefined): boolean {
  return (CLOSED_EMPLOYMENT_STATUSES as readonly string[]).includes(codeOf(value) ?? '');
}

/** An invitation past its date reads as INVITE_EXPIRED, whether or not a job has rewritten the row yet. */
export function effectiveEmploymentStatus(
  stored: EmploymentStatus,
  inviteExpiresAt: Date | string | null | undefined,
  now: Date,
): EmploymentStatus {
  if (
    stored === 'INVITED' &&
    inviteExpiresAt != null &&
    new Date(inviteExpiresAt).getTime() <= now.getTime()
  ) {
    return 'INVITE_EXPIRED';
  }
  return stored;
}

/** The secondary list leaves out finished, rejected, revoked, declined and invited employments. */
const NOT_IN_SECONDARY_LIST: readonly string[] = ['FINISHED', 'REJECTED', 'REVOKED', 'DECLINED', 'INVITED'];

/** The establishment selector's groups (section 2): Principal, Secondary, Professional, and Closed. */
export type SelectorGroups<T> = { principal: T[]; secondary: T[]; professional: T[]; closed: T[] };

/**
 * Sorts employments into the selector's groups. Open invitations are answered in Settings, not switched
 * to, so they appear in no group.
 */
export function selectorGroups<T extends EmploymentLike>(employments: readonly T[]): SelectorGroups<T> {
  const groups: SelectorGroups<T> = { principal: [], secondary: [], professional: [], closed: [] };
  for (const employment of employments) {
    const status = codeOf(employment.status) ?? '';
    if (isClosedStatus(employment.status)) groups.closed.push(employment);
    else if (status === 'INVITED') continue;
    else if (employment.priority === 1) groups.principal.push(employment);
    else if (employment.priority === 2) {
      if (!NOT_IN_SECONDARY_LIST.includes(status)) groups.secondary.push(employment);
    } else groups.professional.push(employment);
  }
  return groups;
}

/**
 * Closed employment: no approved employment exists for the establishment and its employment there is
 * rejected, declined, finished or revoked.
 */
export function isClosedEmployment(employments: readonly EmploymentLike[], establishmentId: string): boolean {
  const here = employments.filter((e) => e.establishment.id === establishmentId);
  if (here.some((e) => codeOf(e.status) === 'APPROVED')) return false;
  return here.some((e) => ['REJECTED', 'DECLINED', 'FINISHED', 'REVOKED'].includes(codeOf(e.status) ?? ''));
}

/**
 * The priority a new primary-or-secondary employment takes: 1 when no open primary exists, else 2 when no
 * open secondary exists, else null (at most two plus the personal space, section 4).
 */
export function nextFreePriority(employments: readonly EmploymentLike[]): 1 | 2 | null {
  const open = employments.filter((e) => isActiveStatus(e.status) && codeOf(e.status) !== 'INVITED');
  if (!open.some((e) => e.priority === 1)) return 1;
  if (!open.some((e) => e.priority === 2)) return 2;
  return null;
}

/** True when the caller already has an open employment (invitations included) at the establishment. */
export function hasOpenEmploymentAt(
  employments: readonly EmploymentLike[],
  establishmentId: string,
): boolean {
  return employments.some((e) => e.establishment.id === establishmentId && isActiveStatus(e.status));
}

/**
 * Making an establishment primary: an existing secondary there is promoted to priority 1, or a new
 * employment is created with priority 1; then the old primary employment is ended.
 */
export type MakePrimaryPlan = {
  promote: string | null;
  create: boolean;
  endOldPrimary: string | null;
};

export function makePrimaryPlan(
  employments: readonly EmploymentLike[],
  establishmentId: string,
): MakePrimaryPlan {
  const open = employments.filter((e) => isActiveStatus(e.status));
  const oldPrimary = open.find((e) => e.priority === 1);
  if (oldPrimary?.establishment.id === establishmentId) {
    return { promote: null, create: false, endOldPrimary: null };
  }
  const secondary = open.find((e) => e.priority === 2 && e.establishment.id === establishmentId);
  return {
    promote: secondary?.id ?? null,
    create: secondary === undefined,
    endOldPrimary: oldPrimary?.id ?? null,
  };
}

/** The changes of status each side may make, and from where (section 4 Employment; the rest is ours). */
export const EMPLOYMENT_ACTIONS = {
  approve: { by: 'ESTABLISHMENT', from: ['UNVERIFIED', 'REQUESTED'], to: 'APPROVED' },
  reject: { by: 'ESTABLISHMENT', from: ['UNVERIFIED', 'REQUESTED'], to: 'REJECTED' },
  revoke: { by: 'ESTABLISHMENT', from: ['APPROVED', 'INVITED'], to: 'REVOKED' },
  accept: { by: 'DOCTOR', from: ['INVITED'], to: 'APPROVED' },
  decline: { by: 'DOCTOR', from: ['INVITED'], to: 'DECLINED' },
  leave: { by: 'DOCTOR', from: ['UNVERIFIED', 'REQUESTED', 'APPROVED'], to: 'FINISHED' },
} as const satisfies Record<
  string,
  { by: EmploymentActionedBy; from: readonly EmploymentStatus[]; to: EmploymentStatus }
>;

export type EmploymentAction = keyof typeof EMPLOYMENT_ACTIONS;

/** The status an action leads to from the current one, or null when the action does not apply. */
export function statusAfter(
  action: EmploymentAction,
  current: Code<EmploymentStatus>,
): EmploymentStatus | null {
  const rule = EMPLOYMENT_ACTIONS[action];
  return (rule.from as readonly string[]).includes(codeOf(current) ?? '') ? rule.to : null;
}

/** The message of a 409 when an action does not apply to the employment's status. */
export function actionRefusedMessage(action: EmploymentAction, current: Code<EmploymentStatus>): string {
  return `This employment is ${(codeOf(current) ?? 'unknown').toLowerCase().replace('_', ' ')} and cannot be ${ACTION_PAST_TENSE[action]}.`;
}

const ACTION_PAST_TENSE: Record<EmploymentAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  revoke: 'revoked',
  accept: 'accepted',
  decline: 'declined',
  leave: 'left',
};
