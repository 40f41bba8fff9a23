import { describe, it, expect } from 'vitest';
import { reportStatuses } from './report-codes.ts';

describe('report statuses (section 4 Reports)', () => {
  it('has draft, submitted, under review and reviewed', () => {
    expect(reportStatuses.codes).toEqual(['DRFT', 'SBMT', 'VWD', 'RVWD']);
    expect(reportStatuses.codes.map((code) => reportStatuses.display(code))).toEqual([
      'Draft',
      'Submitted',
      'Under review',
      'Reviewed',
    ]);
  });
});
