import { describe, expect, it } from 'vitest';
import { activeNavItem, NAV_GROUPS } from './nav-items';

describe('side navigation', () => {
  it('links each item to its list', () => {
    const hrefs = Object.fromEntries(NAV_GROUPS.flatMap((group) => group.items).map((i) => [i.id, i.href]));
    expect(hrefs).toEqual({
      dashboard: '/',
      'inbox-referrals': '/referrals/inbox/all',
      'inbox-reports': '/clinical-reports/inbox/all',
      'inbox-case-conferences': '/referrals/inbox/case-conference-active',
      'outbox-referrals': '/referrals/outbox/all',
      'outbox-case-conferences': '/referrals/outbox/case-conference-active',
      'outbox-reports': '/clinical-reports/outbox/all',
      'drafts-referrals': '/referrals/outbox/drafts',
      'drafts-reports': '/clinical-reports/outbox/drafts',
      archive: '/referrals/archive',
      patients: '/patients',
      providers: '/providers',
      trash: '/referrals/trash',
    });
  });

  it('highlights every item on its own link', () => {
    for (const item of NAV_GROUPS.flatMap((group) => group.items)) {
      expect(activeNavItem(item.href)).toBe(item.id);
    }
  });

  it('highlights the list a screen belongs to', () => {
    expect(activeNavItem('/referrals/inbox/under-review')).toBe('inbox-referrals');
    expect(activeNavItem('/referrals/inbox/case-conference-closed')).toBe('inbox-case-conferences');
    expect(activeNavItem('/referrals/outbox/new')).toBe('outbox-referrals');
    expect(activeNavItem('/clinical-reports/outbox/sent')).toBe('outbox-reports');
    expect(activeNavItem('/patients/create')).toBe('patients');
    expect(activeNavItem('/patients/42')).toBe('patients');
  });

  it('highlights nothing on screens outside the navigation', () => {
    expect(activeNavItem('/settings/profile')).toBeNull();
    expect(activeNavItem('/referrals/123')).toBeNull();
    expect(activeNavItem('/help')).toBeNull();
  });
});
