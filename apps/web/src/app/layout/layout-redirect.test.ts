import type { AccessContext } from '@referrals/domain/people/access-rules';
import { describe, expect, it } from 'vitest';
import { employmentFixture } from '@/lib/profile-fixtures';
import { layoutRedirect } from './layout-redirect';

const context = (overrides: Partial<AccessContext> = {}): AccessContext => ({
  role: 'GP',
  sub_role: null,
  permissions: ['manage_referral', 'add_referral', 'accept_referral'],
  establishmentType: 'PR',
  employment: employmentFixture('p', 1, 'PR'),
  flags: { friendlyForwarding: false, gpReportsInbox: false },
  ...overrides,
});

describe('layoutRedirect', () => {
  it('keeps a PM at their personal space to Help Desk, Dashboard, Settings and invitations', () => {
    const limited = context({
      role: 'PM',
      establishmentType: 'PA',
      employment: employmentFixture('x', 3, 'PA'),
    });
    for (const open of ['/', '/help', '/settings', '/settings/establishments', '/review-invite/e1']) {
      expect(layoutRedirect(open, limited)).toBeNull();
    }
    for (const closed of ['/patients', '/referrals/inbox/all', '/admin/users/all', '/referrals/create']) {
      expect(layoutRedirect(closed, limited)).toBe('/');
    }
  });

  it('keeps a patient’s own account to My referrals, its reports and Settings', () => {
    const patient = context({ accountType: 'patient', role: null, permissions: [], employment: null });
    for (const open of ['/', '/my-reports/r1', '/settings', '/settings/profile']) {
      expect(layoutRedirect(open, patient)).toBeNull();
    }
    for (const closed of ['/patients', '/referrals/outbox/all', '/clinical-reports/inbox/all', '/help']) {
      expect(layoutRedirect(closed, patient)).toBe('/');
    }
  });

  it('sends users without the inbox away from inbox lists, and keeps a referrer’s reports inbox', () => {
    const noInbox = context({ permissions: ['manage_referral', 'add_referral'] });
    expect(layoutRedirect('/referrals/inbox/new', noInbox)).toBe('/');
    expect(layoutRedirect('/clinical-reports/inbox/all', noInbox)).toBeNull();
    expect(layoutRedirect('/clinical-reports/inbox/all', context({ permissions: [] }))).toBe('/');
    expect(layoutRedirect('/referrals/outbox/all', noInbox)).toBeNull();
  });

  it('applies the drafts and shared outbox rules to the outbox lists', () => {
    const pa = context({ role: 'PA', permissions: ['accept_referral'] });
    expect(layoutRedirect('/referrals/outbox/all', pa)).toBe('/');
    expect(layoutRedirect('/referrals/outbox/drafts', pa)).toBe('/');
    expect(layoutRedirect('/referrals/outbox/case-conference-active', pa)).toBeNull();
    expect(layoutRedirect('/clinical-reports/outbox/drafts', pa)).toBeNull();
    expect(layoutRedirect('/clinical-reports/outbox/drafts', context({ permissions: [] }))).toBe('/');
  });

  it('lets everyone else go anywhere', () => {
    for (const path of ['/', '/patients/3', '/referrals/inbox/all', '/referrals/outbox/drafts']) {
      expect(layoutRedirect(path, context())).toBeNull();
    }
  });
});
