import { describe, expect, it } from 'vitest';
import {
  SpecialAccessUpdateSchema,
  allowsSpecialAccessRequest,
  specialAccessEmployments,
} from './special-access.ts';

const job = (type: string, status = 'UNVERIFIED') => ({
  establishment: { type: { value: type, display: type } },
  status: { value: status, display: status },
});

describe('special access requests (registration page 4)', () => {
  it('apply to active employments at hospitals and departments only', () => {
    expect(allowsSpecialAccessRequest(job('HL'))).toBe(true);
    expect(allowsSpecialAccessRequest(job('DT', 'APPROVED'))).toBe(true);
    expect(allowsSpecialAccessRequest(job('PR'))).toBe(false);
    expect(allowsSpecialAccessRequest(job('CL'))).toBe(false);
    expect(allowsSpecialAccessRequest(job('PA'))).toBe(false);
    expect(allowsSpecialAccessRequest(job('HL', 'FINISHED'))).toBe(false);
    expect(allowsSpecialAccessRequest({ establishment: { type: 'DT' }, status: 'REQUESTED' })).toBe(true);
  });

  it('picks the employments the page asks about, none for a general practitioner', () => {
    expect(specialAccessEmployments([job('PR'), job('HL'), job('DT', 'REJECTED')])).toEqual([job('HL')]);
    expect(specialAccessEmployments([job('PR'), job('PA')])).toEqual([]);
  });

  it('takes a list of answers per employment', () => {
    const body = [
      { employment_id: 'e1', head_of_department_requested: true, special_access_requested: false },
    ];
    expect(SpecialAccessUpdateSchema.parse(body)).toEqual(body);
    expect(SpecialAccessUpdateSchema.safeParse([{ employment_id: 'e1' }]).success).toBe(false);
  });
});
