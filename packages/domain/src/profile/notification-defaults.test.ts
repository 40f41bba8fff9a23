import { describe, expect, it } from 'vitest';
import { roles } from '../people/people-codes.ts';
import { notificationDefaultsFor } from './notification-defaults.ts';

describe('notificationDefaultsFor (section 5 Profile save: PA role defaults)', () => {
  it('gives PA my referral off, urgent referral on and my report off, and every other flag off', () => {
    const defaults = notificationDefaultsFor('PA');
    expect(defaults).toMatchObject({
      email_my_referral: false,
      email_urgent_referral: true,
      email_my_report: false,
    });
    expect(Object.entries(defaults).filter(([, on]) => on)).toEqual([['email_urgent_referral', true]]);
  });

  it('gives every other role, and no role, every flag off', () => {
    for (const role of [...roles.codes.filter((code) => code !== 'PA'), null]) {
      const defaults = notificationDefaultsFor(role);
      expect(Object.keys(defaults)).toHaveLength(14);
      expect(Object.values(defaults).every((on) => !on)).toBe(true);
    }
  });
});
