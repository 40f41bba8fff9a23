import { describe, expect, it } from 'vitest';
import { SWITCH_REFUSALS, switchRefusal } from './switch-refusal';

describe('switchRefusal', () => {
  it('refuses during referral creation, friendly forwarding included', () => {
    expect(switchRefusal('/referrals/create')).toBe(SWITCH_REFUSALS.referralCreation);
    expect(switchRefusal('/referrals/create/42')).toBe(SWITCH_REFUSALS.referralCreation);
    expect(switchRefusal('/send/harbourside')).toBe(SWITCH_REFUSALS.referralCreation);
  });

  it('refuses while viewing a referral or acting on it', () => {
    for (const path of ['/referrals/42', '/referrals/42/triage', '/referrals/42/forward']) {
      expect(switchRefusal(path)).toBe("You can't switch establishment while viewing a referral");
    }
  });

  it('refuses on patients being created or viewed, and on clinical reports', () => {
    expect(switchRefusal('/patients/create')).toBe(SWITCH_REFUSALS.patient);
    expect(switchRefusal('/patients/7')).toBe(SWITCH_REFUSALS.patient);
    expect(switchRefusal('/referrals/42/report')).toBe(SWITCH_REFUSALS.clinicalReport);
    expect(switchRefusal('/referrals/42/report/3')).toBe(SWITCH_REFUSALS.clinicalReport);
  });

  it('allows lists, the dashboard, settings and help', () => {
    for (const path of [
      '/',
      '/help',
      '/patients',
      '/settings/establishments',
      '/referrals/inbox/all',
      '/referrals/archive',
      '/referrals/trash',
      '/referrals/manual',
      '/referrals/external-origin',
      '/admin/users/all',
    ]) {
      expect(switchRefusal(path)).toBeNull();
    }
  });
});
