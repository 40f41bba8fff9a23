import { describe, expect, it } from 'vitest';
import { referralStatuses } from '../referrals/referral-codes.ts';
import { REFERRAL_TASK_STATES, referralStatusesOf } from './referral-task-states.ts';

describe('referral statuses in FHIR', () => {
  it('gives every referral status a ServiceRequest and a Task status', () => {
    expect(Object.keys(REFERRAL_TASK_STATES).sort()).toEqual([...referralStatuses.codes].sort());
  });

  it('reads a triaged referral as an accepted Task, whether accepted, waitlisted or scheduled', () => {
    expect(referralStatusesOf('task', 'accepted')).toEqual(['ACPT', 'WLST', 'SCHDL']);
    expect(referralStatusesOf('task', 'requested')).toEqual(['SBMT', 'UPDT']);
    expect(referralStatusesOf('serviceRequest', 'draft')).toEqual(['DRFT']);
    expect(referralStatusesOf('task', 'in-progress')).toEqual([]);
  });
});
