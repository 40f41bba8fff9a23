import { describe, expect, it } from 'vitest';
import {
  allowedReportActions,
  canWriteReportOn,
  REPORT_ACTIONS,
  reportActionRefusedMessage,
  reportStatusAfter,
} from './report-lifecycle.ts';
import { reportStatuses } from './report-codes.ts';
import { reportListStatuses, reportListTypes } from './report-lists.ts';

// The table of docs/reports.md, written out by hand: each (action, side) and the statuses it moves.
const EXPECTED: Record<string, string> = {
  'update receiver': 'DRFT>DRFT',
  'delete receiver': 'DRFT>gone',
  'submit receiver': 'DRFT>SBMT',
  'view sender': 'SBMT>VWD',
  'underreview sender': 'SBMT>VWD RVWD>VWD',
  'review sender': 'SBMT>RVWD VWD>RVWD',
};

describe('the report lifecycle (section 4 Reports)', () => {
  it('allows exactly the transitions of the table, each to one side', () => {
    const actual: Record<string, string> = {};
    for (const action of REPORT_ACTIONS) {
      for (const side of ['sender', 'receiver'] as const) {
        const moves = reportStatuses.codes
          .map((status) => [status, reportStatusAfter(action, status, side)] as const)
          .filter(([, to]) => to !== null)
          .map(([from, to]) => `${from}>${String(to)}`);
        if (moves.length > 0) actual[`${action} ${side}`] = moves.join(' ');
      }
    }
    expect(actual).toEqual(EXPECTED);
  });

  it('offers buttons for what the side can do now, opening aside', () => {
    expect(allowedReportActions('DRFT', 'receiver')).toEqual(['update', 'delete', 'submit']);
    expect(allowedReportActions('SBMT', 'sender')).toEqual(['underreview', 'review']);
    expect(allowedReportActions({ value: 'RVWD', display: 'Reviewed' }, 'sender')).toEqual(['underreview']);
    expect(allowedReportActions('SBMT', 'receiver')).toEqual([]);
  });

  it('is written on a referral the receiver holds, and refusals name the status', () => {
    expect(['SBMT', 'VWD', 'UPDT', 'ACPT', 'WLST', 'SCHDL'].every((s) => canWriteReportOn(s as never))).toBe(
      true,
    );
    expect(['DRFT', 'RTRN', 'FWRD'].some((s) => canWriteReportOn(s as never))).toBe(false);
    expect(reportActionRefusedMessage('review', 'RVWD')).toBe(
      'This report is Reviewed and cannot be marked as reviewed.',
    );
  });

  it('lists drafts in the outbox only', () => {
    expect(reportListTypes('inbox').codes).toEqual(['all', 'new', 'under-review', 'reviewed']);
    expect(reportListTypes('outbox').codes).toEqual([
      'all',
      'new',
      'under-review',
      'reviewed',
      'sent',
      'drafts',
    ]);
    expect(reportListStatuses('inbox', 'drafts')).toBeNull();
    expect(reportListStatuses('outbox', 'all')).toEqual(['DRFT', 'SBMT', 'VWD', 'RVWD']);
    expect(reportListStatuses('inbox', 'all')).toEqual(['SBMT', 'VWD', 'RVWD']);
  });
});
