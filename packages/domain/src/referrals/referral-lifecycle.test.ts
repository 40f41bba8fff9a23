import { describe, expect, it } from 'vitest';
import type { ReferralStatus } from './referral-codes.ts';
import {
  REFERRAL_LIFECYCLE_ACTIONS,
  REFERRAL_TRANSITIONS,
  allowedReferralActions,
  isPermanentReferralDelete,
  isReferralActionForSide,
  referralActionRefusedMessage,
  referralStatusAfter,
  referralTypeAfter,
  type ReferralLifecycleAction,
  type ReferralSide,
} from './referral-lifecycle.ts';

const STATUSES: ReferralStatus[] = ['DRFT', 'SBMT', 'VWD', 'ACPT', 'SCHDL', 'WLST', 'RTRN', 'FWRD', 'UPDT'];
const SIDES: ReferralSide[] = ['sender', 'receiver'];

/**
 * referral-lifecycle.md's Transitions table copied by hand, column for column, in its own words: side,
 * "from" ('any' or 'any but DRFT' as the table says) and "to" ('same' for the rows whose status stays).
 * Written apart from REFERRAL_TRANSITIONS so that a slip in either shows here.
 */
const DOCUMENT: Record<ReferralLifecycleAction, { side: string; from: string; to: string }> = {
  update: { side: 'sender', from: 'DRFT', to: 'DRFT' },
  submit: { side: 'sender', from: 'DRFT', to: 'SBMT' },
  view: { side: 'receiver', from: 'SBMT, UPDT', to: 'VWD' },
  convert: { side: 'receiver', from: 'SBMT, VWD, UPDT', to: 'same' },
  accept: { side: 'receiver', from: 'SBMT, VWD, UPDT, WLST', to: 'ACPT' },
  waitlist: { side: 'receiver', from: 'SBMT, VWD, UPDT, ACPT', to: 'WLST' },
  schedule: { side: 'receiver', from: 'SBMT, VWD, UPDT, ACPT, WLST', to: 'SCHDL' },
  manual_schedule: { side: 'receiver', from: 'SBMT, VWD, UPDT, ACPT, WLST', to: 'SCHDL' },
  reschedule: { side: 'receiver', from: 'SCHDL', to: 'SCHDL' },
  return: { side: 'receiver', from: 'SBMT, VWD, UPDT, ACPT, WLST, SCHDL', to: 'RTRN' },
  forward: { side: 'receiver', from: 'SBMT, VWD, UPDT, ACPT, WLST', to: 'FWRD' },
  recall: { side: 'sender', from: 'SBMT, VWD, UPDT, ACPT, WLST, SCHDL', to: 'DRFT' },
  renew: { side: 'sender', from: 'ACPT, WLST, SCHDL', to: 'same' },
  clone: { side: 'sender', from: 'any', to: 'same' },
  copy: { side: 'sender', from: 'any', to: 'same' },
  archive: { side: 'either', from: 'any but DRFT', to: 'same' },
  unarchive: { side: 'either', from: 'any but DRFT', to: 'same' },
  delete: { side: 'either', from: 'any', to: 'same' },
  share: { side: 'either', from: 'any but DRFT', to: 'same' },
  upload_to_emr: { side: 'receiver', from: 'ACPT, WLST, SCHDL', to: 'same' },
  file_to_record: { side: 'sender', from: 'any but DRFT', to: 'same' },
};

function expected(action: ReferralLifecycleAction, status: ReferralStatus, side: ReferralSide) {
  const row = DOCUMENT[action];
  if (row.side !== 'either' && row.side !== side) return null;
  const from =
    row.from === 'any'
      ? STATUSES
      : row.from === 'any but DRFT'
        ? STATUSES.filter((s) => s !== 'DRFT')
        : row.from.split(', ');
  if (!from.includes(status)) return null;
  return row.to === 'same' ? status : row.to;
}

const grid = REFERRAL_LIFECYCLE_ACTIONS.flatMap((action) =>
  STATUSES.flatMap((status) => SIDES.map((side) => ({ action, status, side }))),
);

describe('the transition table of referral-lifecycle.md', () => {
  it('covers every action of the document, and only those', () => {
    expect([...REFERRAL_LIFECYCLE_ACTIONS].sort()).toEqual(Object.keys(DOCUMENT).sort());
    expect(grid).toHaveLength(21 * 9 * 2);
  });

  it.each(grid)('$action by the $side side from $status', ({ action, status, side }) => {
    // manual_schedule is for MANUAL referrals, convert for advice requests, every other row for an in-app one.
    const type =
      action === 'manual_schedule' ? 'MANUAL' : action === 'convert' ? 'ADVICE_AND_GUIDANCE' : 'IN-APP';
    // Filing back is for a referral started from a clinical record; the rule beside it is tested below.
    const fromRecord = action === 'file_to_record';
    expect(referralStatusAfter(action, { status, type, from_clinical_record: fromRecord }, side)).toBe(
      expected(action, status, side),
    );
  });

  it('names what renew, clone, copy and forward create', () => {
    expect(REFERRAL_TRANSITIONS.renew.creates).toEqual({ status: 'SBMT' });
    expect(REFERRAL_TRANSITIONS.forward.creates).toEqual({ status: 'SBMT' });
    expect(REFERRAL_TRANSITIONS.clone.creates).toEqual({ status: 'DRFT' });
    expect(REFERRAL_TRANSITIONS.copy.creates).toEqual({ status: 'DRFT' });
    expect(REFERRAL_TRANSITIONS).not.toHaveProperty('accept.creates');
  });
});

describe('the rules beside the statuses', () => {
  it('files a letter back only to the clinical record the referral was started from', () => {
    expect(referralStatusAfter('file_to_record', { status: 'SBMT' }, 'sender')).toBeNull();
    expect(allowedReferralActions({ status: 'SBMT' }, 'sender')).not.toContain('file_to_record');
    expect(allowedReferralActions({ status: 'SBMT', from_clinical_record: true }, 'sender')).toContain(
      'file_to_record',
    );
    expect(referralActionRefusedMessage('file_to_record', { status: 'SBMT' })).toBe(
      'This referral was not started from a clinical record.',
    );
  });

  it('submits a recalled draft as UPDT, a fresh one as SBMT', () => {
    expect(referralStatusAfter('submit', { status: 'DRFT', is_recalled: true }, 'sender')).toBe('UPDT');
    expect(referralStatusAfter('submit', { status: 'DRFT', is_recalled: false }, 'sender')).toBe('SBMT');
    expect(referralStatusAfter('submit', { status: 'DRFT' }, 'sender')).toBe('SBMT');
  });

  it('schedules a MANUAL referral only through manual schedule, any other only through schedule', () => {
    expect(referralStatusAfter('schedule', { status: 'ACPT', type: 'MANUAL' }, 'receiver')).toBeNull();
    expect(referralStatusAfter('manual_schedule', { status: 'ACPT', type: 'IN-APP' }, 'receiver')).toBeNull();
    expect(referralStatusAfter('manual_schedule', { status: 'ACPT' }, 'receiver')).toBeNull();
    expect(referralStatusAfter('schedule', { status: 'ACPT' }, 'receiver')).toBe('SCHDL');
    const coded = { value: 'MANUAL', display: 'Manual' };
    expect(referralStatusAfter('manual_schedule', { status: 'WLST', type: coded }, 'receiver')).toBe('SCHDL');
  });

  it('lets an advice and guidance request be answered or converted, never triaged, forwarded or renewed', () => {
    const request = { status: 'VWD', type: 'ADVICE_AND_GUIDANCE' } as const;
    expect(allowedReferralActions(request, 'receiver')).toEqual([
      'convert',
      'return',
      'share',
      'archive',
      'delete',
    ]);
    expect(allowedReferralActions({ ...request, status: 'SBMT' }, 'sender')).toEqual([
      'recall',
      'clone',
      'copy',
      'share',
      'archive',
      'delete',
    ]);
    expect(referralStatusAfter('convert', request, 'receiver')).toBe('VWD');
    expect(referralStatusAfter('convert', { status: 'VWD', type: 'IN-APP' }, 'receiver')).toBeNull();
    expect(
      referralStatusAfter('convert', { status: 'ACPT', type: 'ADVICE_AND_GUIDANCE' }, 'receiver'),
    ).toBeNull();
    expect(referralStatusAfter('convert', request, 'sender')).toBeNull();
    expect(referralTypeAfter('convert')).toBe('IN-APP');
    expect(referralTypeAfter('accept')).toBeNull();
  });

  it('renews a referral once', () => {
    expect(referralStatusAfter('renew', { status: 'SCHDL', is_renewed: true }, 'sender')).toBeNull();
    expect(referralStatusAfter('renew', { status: 'SCHDL', is_renewed: false }, 'sender')).toBe('SCHDL');
  });

  it('restores a deleted draft with unarchive, which is otherwise refused for a draft', () => {
    expect(referralStatusAfter('unarchive', { status: 'DRFT' }, 'sender')).toBeNull();
    expect(referralStatusAfter('unarchive', { status: 'DRFT', is_deleted: true }, 'sender')).toBe('DRFT');
  });

  it('accepts the status as the API sends it, and refuses an unknown one', () => {
    const status = { value: 'SBMT', display: 'Submitted' };
    expect(referralStatusAfter('accept', { status }, 'receiver')).toBe('ACPT');
    expect(referralStatusAfter('delete', { status: 'GONE' as ReferralStatus }, 'sender')).toBeNull();
  });

  it('tells a side mismatch (403) apart from a status refusal (409)', () => {
    expect(isReferralActionForSide('accept', 'sender')).toBe(false);
    expect(isReferralActionForSide('accept', 'receiver')).toBe(true);
    expect(isReferralActionForSide('recall', 'receiver')).toBe(false);
    expect(isReferralActionForSide('share', 'receiver')).toBe(true);
    expect(isReferralActionForSide('share', 'sender')).toBe(true);
  });

  it('deletes for good only a draft the sender already moved to Deleted Items', () => {
    expect(isPermanentReferralDelete({ status: 'DRFT', is_deleted: true }, 'sender')).toBe(true);
    expect(isPermanentReferralDelete({ status: 'DRFT', is_deleted: false }, 'sender')).toBe(false);
    expect(isPermanentReferralDelete({ status: 'ACPT', is_deleted: true }, 'sender')).toBe(false);
    expect(isPermanentReferralDelete({ status: 'DRFT', is_deleted: true }, 'receiver')).toBe(false);
  });
});

describe('the actions offered as buttons', () => {
  it('offers the receiver triage on a new referral', () => {
    expect(allowedReferralActions({ status: 'SBMT', type: 'IN-APP' }, 'receiver')).toEqual([
      'view',
      'accept',
      'waitlist',
      'schedule',
      'return',
      'forward',
      'share',
      'archive',
      'delete',
    ]);
  });

  it('offers the sender recall and renewal on an accepted referral', () => {
    expect(allowedReferralActions({ status: 'ACPT' }, 'sender')).toEqual([
      'recall',
      'renew',
      'clone',
      'copy',
      'share',
      'archive',
      'delete',
    ]);
  });

  it('offers a draft to its sender to edit and submit, not to archive or share', () => {
    expect(allowedReferralActions({ status: 'DRFT' }, 'sender')).toEqual([
      'update',
      'submit',
      'clone',
      'copy',
      'delete',
    ]);
  });

  it('offers unarchive instead of archive once archived', () => {
    const actions = allowedReferralActions({ status: 'RTRN', is_archived: true }, 'receiver');
    expect(actions).toContain('unarchive');
    expect(actions).not.toContain('archive');
    expect(allowedReferralActions({ status: 'RTRN' }, 'receiver')).not.toContain('unarchive');
  });

  it('offers restore and delete for good on a deleted draft, and no second delete elsewhere', () => {
    const draft = allowedReferralActions({ status: 'DRFT', is_deleted: true }, 'sender');
    expect(draft).toContain('unarchive');
    expect(draft).toContain('delete');
    const returned = allowedReferralActions({ status: 'RTRN', is_deleted: true }, 'sender');
    expect(returned).toContain('unarchive');
    expect(returned).not.toContain('delete');
    expect(returned).not.toContain('archive');
  });

  it('offers the same actions the table allows, less those no-ops', () => {
    for (const { action, status, side } of grid) {
      const referral = { status, type: 'IN-APP' as const };
      const offered = allowedReferralActions(referral, side).includes(action);
      if (offered) expect(referralStatusAfter(action, referral, side)).not.toBeNull();
    }
  });
});

describe('the 409 message', () => {
  it('names the current status by its label', () => {
    expect(referralActionRefusedMessage('submit', 'ACPT')).toBe(
      'This referral is Accepted and cannot be submitted.',
    );
    expect(referralActionRefusedMessage('accept', 'RTRN')).toBe(
      'This referral is Returned and cannot be accepted.',
    );
    expect(referralActionRefusedMessage('renew', { value: 'VWD', display: 'Under review' })).toBe(
      'This referral is Under review and cannot be renewed.',
    );
    expect(referralActionRefusedMessage('upload_to_emr', 'SBMT')).toBe(
      'This referral is Submitted and cannot be uploaded to an EMR.',
    );
  });

  it('says why when the status allows the action but the referral does not', () => {
    expect(referralActionRefusedMessage('renew', { status: 'ACPT', is_renewed: true })).toBe(
      'This referral has already been renewed.',
    );
    expect(referralActionRefusedMessage('manual_schedule', { status: 'ACPT', type: 'IN-APP' })).toBe(
      'Only a manual referral can be scheduled manually.',
    );
    expect(referralActionRefusedMessage('schedule', { status: 'ACPT', type: 'MANUAL' })).toBe(
      'A manual referral is scheduled with manual schedule.',
    );
    expect(referralActionRefusedMessage('accept', { status: 'VWD', type: 'ADVICE_AND_GUIDANCE' })).toBe(
      'An advice and guidance request cannot be accepted: answer it with advice or convert it into a referral first.',
    );
    expect(referralActionRefusedMessage('convert', { status: 'VWD', type: 'IN-APP' })).toBe(
      'Only an advice and guidance request can be converted into a referral.',
    );
    expect(referralActionRefusedMessage('schedule', { status: 'RTRN', type: 'MANUAL' })).toBe(
      'This referral is Returned and cannot be scheduled.',
    );
  });
});
