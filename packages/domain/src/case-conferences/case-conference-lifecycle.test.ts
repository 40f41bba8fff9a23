import { describe, expect, it } from 'vitest';
import {
  allowedCaseConferenceActions,
  caseConferenceEndsAt,
  caseConferenceRefusedMessage,
  caseConferenceStatusAllows,
  caseConferenceWarningAt,
  isCaseConferenceReadOnly,
  mayTakeCaseConferenceAction,
  type CaseConferenceContext,
} from './case-conference-lifecycle.ts';

const owner: CaseConferenceContext = {
  status: 'active',
  side: 'sender',
  isOwner: true,
  participantStatus: 'joined',
};

describe('the case conference lifecycle (section 4 Case conference)', () => {
  it('lets the owner invite, post, read and close, but not leave', () => {
    expect(allowedCaseConferenceActions(owner)).toEqual(['invite', 'message', 'read', 'close']);
  });

  it('lets an invited colleague join, leave and mark read, but not post before joining', () => {
    const invited = {
      ...owner,
      side: 'receiver' as const,
      isOwner: false,
      participantStatus: 'invited' as const,
    };
    expect(allowedCaseConferenceActions(invited)).toEqual(['join', 'leave', 'read']);
    expect(isCaseConferenceReadOnly(invited)).toBe(true);
  });

  it('lets either side join without an invitation, but not an establishment it was shared with', () => {
    const side = { ...owner, isOwner: false, participantStatus: null };
    expect(mayTakeCaseConferenceAction('join', side)).toBe(true);
    expect(mayTakeCaseConferenceAction('join', { ...side, side: 'shared' })).toBe(false);
    expect(mayTakeCaseConferenceAction('create', { ...side, side: 'shared' })).toBe(false);
  });

  it('refuses everything but reading once closed, and starts a new one only after', () => {
    const closed = { ...owner, status: 'closed' as const };
    expect(allowedCaseConferenceActions(closed)).toEqual(['create', 'read']);
    expect(isCaseConferenceReadOnly(closed)).toBe(true);
    expect(caseConferenceStatusAllows('create', 'active')).toBe(false);
    expect(caseConferenceStatusAllows('create', 'none')).toBe(true);
    expect(caseConferenceRefusedMessage('message', 'closed')).toBe(
      'This case conference is Closed: no more messages can be posted.',
    );
  });

  it('lasts 14 days, with its warning a day before the end (section 9)', () => {
    const start = new Date('2026-11-01T00:00:00Z');
    expect(caseConferenceEndsAt(start).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(caseConferenceWarningAt(caseConferenceEndsAt(start)).toISOString()).toBe(
      '2026-11-14T00:00:00.000Z',
    );
  });
});
