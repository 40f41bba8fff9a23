import { describe, expect, it } from 'vitest';
import {
  EMPLOYMENT_ACTIONS,
  actionRefusedMessage,
  effectiveEmploymentStatus,
  hasOpenEmploymentAt,
  invitationExpiry,
  isClosedEmployment,
  makePrimaryPlan,
  nextFreePriority,
  selectorGroups,
  statusAfter,
  type EmploymentLike,
} from './employment-rules.ts';
import type { EmploymentStatus } from './people-codes.ts';

function job(
  id: string,
  priority: number,
  status: EmploymentStatus,
  establishment = `place-${id}`,
): EmploymentLike {
  return { id, priority, status, establishment: { id: establishment } };
}

describe('the establishment selector groups', () => {
  it('puts primary, secondary and professional employments in their groups and closed ones under Closed', () => {
    const groups = selectorGroups([
      job('a', 1, 'APPROVED'),
      job('b', 2, 'UNVERIFIED'),
      job('c', 3, 'APPROVED'),
      job('d', 2, 'FINISHED'),
      job('e', 1, 'REVOKED'),
    ]);
    expect(groups.principal.map((e) => e.id)).toEqual(['a']);
    expect(groups.secondary.map((e) => e.id)).toEqual(['b']);
    expect(groups.professional.map((e) => e.id)).toEqual(['c']);
    expect(groups.closed.map((e) => e.id)).toEqual(['d', 'e']);
  });

  it('leaves open invitations out of every group: they are answered, not switched to', () => {
    const groups = selectorGroups([job('a', 2, 'INVITED'), job('b', 1, 'INVITED')]);
    expect([...groups.principal, ...groups.secondary, ...groups.professional, ...groups.closed]).toEqual([]);
  });

  it('accepts statuses as the API sends them', () => {
    const groups = selectorGroups([
      { ...job('a', 2, 'APPROVED'), status: { value: 'APPROVED', display: 'Approved' } },
    ]);
    expect(groups.secondary).toHaveLength(1);
  });
});

describe('closed employment', () => {
  it('is true when the establishment has no approved employment and one there has ended', () => {
    expect(isClosedEmployment([job('a', 1, 'REJECTED', 'x')], 'x')).toBe(true);
    expect(isClosedEmployment([job('a', 1, 'DECLINED', 'x')], 'x')).toBe(true);
    expect(isClosedEmployment([job('a', 1, 'FINISHED', 'x'), job('b', 2, 'APPROVED', 'x')], 'x')).toBe(false);
    expect(isClosedEmployment([job('a', 1, 'UNVERIFIED', 'x')], 'x')).toBe(false);
    expect(isClosedEmployment([job('a', 1, 'REVOKED', 'y')], 'x')).toBe(false);
  });
});

describe('at most a primary and a secondary, plus the personal space', () => {
  it('offers priority 1, then 2, then nothing', () => {
    expect(nextFreePriority([job('p', 3, 'APPROVED')])).toBe(1);
    expect(nextFreePriority([job('a', 1, 'APPROVED'), job('p', 3, 'APPROVED')])).toBe(2);
    expect(nextFreePriority([job('a', 1, 'APPROVED'), job('b', 2, 'REQUESTED')])).toBeNull();
  });

  it('frees a place when an employment closes, and does not count open invitations', () => {
    expect(nextFreePriority([job('a', 1, 'FINISHED'), job('b', 2, 'APPROVED')])).toBe(1);
    expect(nextFreePriority([job('a', 1, 'APPROVED'), job('b', 2, 'INVITED')])).toBe(2);
  });

  it('knows when the caller already has an open employment at a place', () => {
    expect(hasOpenEmploymentAt([job('a', 1, 'INVITED', 'x')], 'x')).toBe(true);
    expect(hasOpenEmploymentAt([job('a', 1, 'FINISHED', 'x')], 'x')).toBe(false);
  });
});

describe('making an establishment primary', () => {
  it('promotes an existing secondary and ends the old primary', () => {
    const plan = makePrimaryPlan([job('a', 1, 'APPROVED', 'x'), job('b', 2, 'APPROVED', 'y')], 'y');
    expect(plan).toEqual({ promote: 'b', create: false, endOldPrimary: 'a' });
  });

  it('creates a new primary employment when there is no secondary there', () => {
    expect(makePrimaryPlan([job('a', 1, 'APPROVED', 'x')], 'z')).toEqual({
      promote: null,
      create: true,
      endOldPrimary: 'a',
    });
    expect(makePrimaryPlan([], 'z')).toEqual({ promote: null, create: true, endOldPrimary: null });
  });

  it('does nothing when the establishment is already primary', () => {
    expect(makePrimaryPlan([job('a', 1, 'APPROVED', 'x')], 'x')).toEqual({
      promote: null,
      create: false,
      endOldPrimary: null,
    });
  });
});

describe('status changes', () => {
  it('lets the establishment approve or reject a request, and revoke an approval or invitation', () => {
    expect(statusAfter('approve', 'REQUESTED')).toBe('APPROVED');
    expect(statusAfter('approve', 'UNVERIFIED')).toBe('APPROVED');
    expect(statusAfter('reject', 'REQUESTED')).toBe('REJECTED');
    expect(statusAfter('revoke', 'APPROVED')).toBe('REVOKED');
    expect(statusAfter('revoke', 'INVITED')).toBe('REVOKED');
    expect(EMPLOYMENT_ACTIONS.approve.by).toBe('ESTABLISHMENT');
  });

  it('lets the employee accept or decline an invitation, and leave', () => {
    expect(statusAfter('accept', 'INVITED')).toBe('APPROVED');
    expect(statusAfter('decline', { value: 'INVITED', display: 'Invited' })).toBe('DECLINED');
    expect(statusAfter('leave', 'APPROVED')).toBe('FINISHED');
    expect(EMPLOYMENT_ACTIONS.leave.by).toBe('DOCTOR');
  });

  it('refuses a change that does not apply, with a message naming the status', () => {
    expect(statusAfter('accept', 'APPROVED')).toBeNull();
    expect(statusAfter('approve', 'REVOKED')).toBeNull();
    expect(statusAfter('leave', 'INVITED')).toBeNull();
    expect(actionRefusedMessage('accept', 'INVITE_EXPIRED')).toBe(
      'This employment is invite expired and cannot be accepted.',
    );
  });

  it('reads an invitation past its date as expired', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(effectiveEmploymentStatus('INVITED', '2026-11-22T23:59:59Z', now)).toBe('INVITE_EXPIRED');
    expect(effectiveEmploymentStatus('INVITED', '2026-11-24T00:00:00Z', now)).toBe('INVITED');
    expect(effectiveEmploymentStatus('APPROVED', '2026-11-01T00:00:00Z', now)).toBe('APPROVED');
  });
});

describe('invitation expiry', () => {
  it('is two weeks after the invitation was sent', () => {
    expect(invitationExpiry(new Date('2026-11-25T09:30:00Z')).toISOString()).toBe('2026-12-09T09:30:00.000Z');
  });
});
