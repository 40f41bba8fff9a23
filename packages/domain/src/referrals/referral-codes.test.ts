import { describe, it, expect } from 'vitest';
import {
  referralStatuses,
  referralTypes,
  referralActions,
  inboxListTypes,
  outboxListTypes,
  reportInboxListTypes,
  reportOutboxListTypes,
  ReferralStatusSchema,
  INBOX_LIST_TYPES,
  OUTBOX_LIST_TYPES,
  TRIAGE_CATEGORY_DAYS,
  triageCategories,
  triagePriorities,
} from './referral-codes.ts';

describe('referral code lists', () => {
  it('has the nine referral statuses of section 4', () => {
    expect(referralStatuses.codes).toEqual([
      'DRFT',
      'SBMT',
      'VWD',
      'ACPT',
      'SCHDL',
      'WLST',
      'RTRN',
      'FWRD',
      'UPDT',
    ]);
  });

  it('shows VWD (viewed) as Under review', () => {
    expect(referralStatuses.coded('VWD')).toEqual({ value: 'VWD', display: 'Under review' });
    expect(referralStatuses.display('DRFT')).toBe('Draft');
  });

  it('rejects an unknown status', () => {
    expect(ReferralStatusSchema.safeParse('VIEWED').success).toBe(false);
  });

  it('has the referral types of section 1', () => {
    expect(referralTypes.codes).toEqual([
      'IN-APP',
      'MANUAL',
      'EXTERNAL',
      'ADVICE_AND_GUIDANCE',
      'PATHOLOGY',
      'IMAGING',
    ]);
  });

  it('has the actions of section 4 and the lifecycle table', () => {
    expect(referralActions.codes).toEqual([
      'update',
      'submit',
      'view',
      'convert',
      'accept',
      'waitlist',
      'schedule',
      'manual_schedule',
      'reschedule',
      'return',
      'recall',
      'forward',
      'clone',
      'copy',
      'renew',
      'archive',
      'unarchive',
      'delete',
      'share',
      'enroll',
      'upload_to_emr',
      'file_to_record',
    ]);
  });
});

describe('list types (section 2)', () => {
  it('has the inbox list types', () => {
    expect(inboxListTypes.codes).toEqual([
      'all',
      'new',
      'under-review',
      'accepted',
      'scheduled',
      'waitlisted',
      'returned',
      'shared',
      'forwarded',
      'case-conference-active',
      'case-conference-closed',
    ]);
    expect(INBOX_LIST_TYPES.new).toBe('New');
    expect(INBOX_LIST_TYPES['under-review']).toBe('Under review');
    expect(INBOX_LIST_TYPES['case-conference-active']).toBe('Case conference active');
  });

  it('has the outbox list types, with new labelled Submitted', () => {
    expect(outboxListTypes.codes).toEqual([
      'all',
      'new',
      'under-review',
      'accepted',
      'scheduled',
      'waitlisted',
      'returned',
      'forwarded',
      'drafts',
      'case-conference-active',
      'case-conference-closed',
    ]);
    expect(OUTBOX_LIST_TYPES.new).toBe('Submitted');
    expect(outboxListTypes.schema.safeParse('shared').success).toBe(false);
  });

  it('has the clinical report list types', () => {
    expect(reportInboxListTypes.codes).toEqual(['all', 'new', 'under-review', 'reviewed']);
    expect(reportOutboxListTypes.codes).toEqual(['all', 'new', 'under-review', 'reviewed', 'sent', 'drafts']);
    expect(reportInboxListTypes.schema.safeParse('drafts').success).toBe(false);
  });
});

describe('triage codes', () => {
  it('has the three triage categories with their recommended days (referral-lifecycle.md)', () => {
    expect(triageCategories.codes).toEqual(['CAT1', 'CAT2', 'CAT3']);
    expect(triageCategories.display('CAT2')).toBe('Category 2');
    expect(TRIAGE_CATEGORY_DAYS).toEqual({ CAT1: 30, CAT2: 90, CAT3: 365 });
  });

  it('has the triage priorities, urgent first', () => {
    expect(triagePriorities.codes).toEqual(['URGENT', 'SEMI_URGENT', 'ROUTINE']);
  });
});
