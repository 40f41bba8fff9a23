import type { AccessContext } from '@referrals/domain/people/access-rules';
import { describe, expect, it } from 'vitest';
import { employmentFixture } from '@/lib/profile-fixtures';
import { activeNavItem, NAV_GROUPS, visibleNavGroups } from './nav-items';

describe('side navigation', () => {
  it('links each item to its list', () => {
    const hrefs = Object.fromEntries(NAV_GROUPS.flatMap((group) => group.items).map((i) => [i.id, i.href]));
    expect(hrefs).toEqual({
      dashboard: '/',
      'inbox-referrals': '/referrals/inbox/all',
      'inbox-reports': '/clinical-reports/inbox/all',
      'manual-referrals': '/referrals/manual',
      'inbox-case-conferences': '/referrals/inbox/case-conference-active',
      'outbox-referrals': '/referrals/outbox/all',
      'outbox-case-conferences': '/referrals/outbox/case-conference-active',
      'outbox-reports': '/clinical-reports/outbox/all',
      'drafts-referrals': '/referrals/outbox/drafts',
      'drafts-reports': '/clinical-reports/outbox/drafts',
      archive: '/referrals/archive',
      patients: '/patients',
      providers: '/providers',
      contacts: '/contacts',
      analytics: '/analytics',
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
    expect(activeNavItem('/contacts/create')).toBe('contacts');
  });

  it('highlights nothing on screens outside the navigation', () => {
    expect(activeNavItem('/referrals/123')).toBeNull();
    expect(activeNavItem('/welcome')).toBeNull();
  });

  it('highlights Help Desk and Settings, which only the limited mode lists', () => {
    expect(activeNavItem('/help')).toBe('help');
    expect(activeNavItem('/settings/profile')).toBe('settings');
  });
});

describe('visible side navigation (spec section 6 Rules)', () => {
  const context = (overrides: Partial<AccessContext> = {}): AccessContext => ({
    role: 'GP',
    sub_role: null,
    permissions: ['manage_referral', 'add_referral', 'accept_referral'],
    establishmentType: 'PR',
    employment: employmentFixture('p', 1, 'PR'),
    flags: { friendlyForwarding: false, gpReportsInbox: false },
    ...overrides,
  });
  const ids = (c: AccessContext | undefined) =>
    visibleNavGroups(c).flatMap((group) => group.items.map((i) => i.id));

  it('shows everything to a GP with every permission, and waiting times to the account holder', () => {
    const everything = NAV_GROUPS.flatMap((group) => group.items.map((i) => i.id));
    expect(ids(context())).toEqual(everything.filter((id) => id !== 'analytics'));
    const holder = employmentFixture('p', 1, 'PR');
    expect(ids(context({ employment: { ...holder, is_account_holder: true } }))).toEqual(everything);
  });

  it('shows waiting times to a practice manager and a department head, not to a department’s other staff', () => {
    expect(ids(context({ role: 'PM' }))).toContain('analytics');
    const department = employmentFixture('d', 1, 'DT');
    const at = (head: boolean) =>
      ids(
        context({
          role: 'SP',
          establishmentType: 'DT',
          employment: { ...department, is_head_of_department: head },
        }),
      );
    expect(at(true)).toContain('analytics');
    expect(at(false)).not.toContain('analytics');
    expect(activeNavItem('/analytics')).toBe('analytics');
  });

  it('adds Establishment approvals, Health networks and Maintenance for platform administrators only, whatever else they see', () => {
    expect(ids(context())).not.toContain('approvals');
    expect(ids(context())).not.toContain('health-networks');
    const admin = visibleNavGroups(context(), { platformAdmin: true });
    expect(admin.at(-1)).toMatchObject({
      label: 'Platform',
      items: [
        { id: 'approvals', label: 'Establishment approvals', href: '/approvals' },
        { id: 'health-networks', label: 'Health networks', href: '/health-networks' },
        { id: 'maintenance', label: 'Maintenance', href: '/maintenance-switch' },
      ],
    });
    expect(visibleNavGroups(undefined, { platformAdmin: false }).map((g) => g.label)).not.toContain(
      'Platform',
    );
    expect(activeNavItem('/approvals')).toBe('approvals');
    expect(activeNavItem('/health-networks')).toBe('health-networks');
    expect(activeNavItem('/maintenance-switch')).toBe('maintenance');
  });

  it('hides the referral inbox without accept_referral, but a referrer keeps the reports inbox', () => {
    const shown = ids(context({ permissions: ['manage_referral'] }));
    expect(shown).not.toContain('inbox-referrals');
    expect(shown).not.toContain('inbox-case-conferences');
    // The reports on the referrer's own referrals come back here (docs/spec-deviations.md).
    expect(shown).toContain('inbox-reports');
    expect(shown).toContain('drafts-referrals');
    expect(shown).not.toContain('drafts-reports');
    expect(ids(context({ permissions: [] }))).not.toContain('inbox-reports');
  });

  it('shows a PA the inbox and outbox referrals only with the shared access grants', () => {
    const pa = (inbox: boolean, outbox: boolean) =>
      context({
        role: 'PA',
        employment: {
          ...employmentFixture('c', 1, 'CL'),
          has_shared_inbox_access: inbox,
          has_shared_outbox_access: outbox,
        },
        establishmentType: 'CL',
      });
    expect(ids(pa(false, false))).not.toContain('inbox-referrals');
    expect(ids(pa(false, false))).not.toContain('outbox-referrals');
    expect(ids(pa(true, true))).toContain('inbox-referrals');
    expect(ids(pa(true, true))).toContain('outbox-referrals');
  });

  it('offers only Dashboard, Help Desk and Settings in the limited mode', () => {
    const limited = context({
      role: 'PM',
      establishmentType: 'PA',
      employment: employmentFixture('x', 3, 'PA'),
    });
    expect(ids(limited)).toEqual(['dashboard', 'help', 'settings']);
  });

  it('offers a patient’s own account My referrals and Settings, whatever else the context holds', () => {
    const patient = context({ accountType: 'patient', role: null, permissions: [], employment: null });
    const groups = visibleNavGroups(patient, { platformAdmin: true });
    expect(groups.flatMap((group) => group.items.map((i) => [i.id, i.label]))).toEqual([
      ['dashboard', 'My referrals'],
      ['settings', 'Settings'],
    ]);
    expect(activeNavItem('/my-reports/r1')).toBe('dashboard');
  });
});
