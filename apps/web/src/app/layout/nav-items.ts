import {
  canSeeDraftReferrals,
  canSeeDraftReports,
  canSeeImportQueue,
  canSeeInbox,
  canSeeOutboxReferrals,
  canSeeReportsInbox,
  isLimitedMode,
  isPatientAccount,
  type AccessContext,
} from '@referrals/domain/people/access-rules';
import { canSeeAnalytics } from '@referrals/domain/analytics/waiting-times';
import type { ReferralBox } from '@referrals/domain/referrals/referral-lists';
import { paths } from '@/lib/paths';

/** The side navigation's destinations (spec section 2 Layout). */
export type NavItemId =
  | 'dashboard'
  | 'inbox-referrals'
  | 'inbox-reports'
  | 'inbox-case-conferences'
  | 'manual-referrals'
  | 'outbox-referrals'
  | 'outbox-case-conferences'
  | 'outbox-reports'
  | 'drafts-referrals'
  | 'drafts-reports'
  | 'archive'
  | 'patients'
  | 'providers'
  | 'contacts'
  | 'analytics'
  | 'trash'
  | 'help'
  | 'settings'
  | 'approvals'
  | 'health-networks'
  | 'maintenance';

export type NavItem = {
  id: NavItemId;
  label: string;
  href: string;
};

export type NavGroup = {
  label: string;
  items: readonly NavItem[];
  /** The Inbox and Outbox groups offer 'Show totals' for their box (section 2 Layout). */
  box?: ReferralBox;
};

const item = (id: NavItemId, label: string, href: string): NavItem => ({ id, label, href });

/** Items in the spec's order; a single item is a group without a label. */
export const NAV_GROUPS: readonly NavGroup[] = [
  { label: '', items: [item('dashboard', 'Dashboard', paths.home.getHref())] },
  {
    label: 'Inbox',
    box: 'inbox',
    items: [
      item('inbox-referrals', 'Referrals', paths.referrals.inbox.getHref('all')),
      item('inbox-reports', 'Reports', paths.clinicalReports.inbox.getHref('all')),
      item(
        'inbox-case-conferences',
        'Case Conferences',
        paths.referrals.inbox.getHref('case-conference-active'),
      ),
      // Not in the spec's list of items: without it the import queue (docs/import-queue.md) could only be
      // reached by typing its address, and its count of new emails and faxes would show nowhere.
      item('manual-referrals', 'Manual referrals', paths.referrals.manual.getHref()),
    ],
  },
  {
    label: 'Outbox',
    box: 'outbox',
    items: [
      item('outbox-referrals', 'Referrals', paths.referrals.outbox.getHref('all')),
      item(
        'outbox-case-conferences',
        'Case Conferences',
        paths.referrals.outbox.getHref('case-conference-active'),
      ),
      item('outbox-reports', 'Reports', paths.clinicalReports.outbox.getHref('all')),
    ],
  },
  {
    label: 'Drafts',
    items: [
      item('drafts-referrals', 'Referrals', paths.referrals.outbox.getHref('drafts')),
      item('drafts-reports', 'Reports', paths.clinicalReports.outbox.getHref('drafts')),
    ],
  },
  {
    label: '',
    items: [
      item('archive', 'Archive', paths.referrals.archive.getHref()),
      item('patients', 'Patients', paths.patients.list.getHref()),
      item('providers', 'Providers', paths.providers.getHref()),
      // Not in the spec's list of items; without it the directory of other health professionals (the
      // screens the spec does define at /contacts) could only be reached by typing its address.
      item('contacts', 'Other HCPs', paths.contacts.list.getHref()),
      // Beyond the spec: waiting times and volumes for the establishment's managers (docs/analytics.md).
      item('analytics', 'Waiting times', paths.analytics.getHref()),
      item('trash', 'Deleted Items', paths.referrals.trash.getHref()),
    ],
  },
];

/** The navigation of the limited mode: Help Desk, Dashboard and Settings (spec section 2 Layout). */
export const LIMITED_NAV_GROUPS: readonly NavGroup[] = [
  {
    label: '',
    items: [
      item('dashboard', 'Dashboard', paths.home.getHref()),
      item('help', 'Help Desk', paths.help.getHref()),
      item('settings', 'Settings', paths.settings.overview.getHref()),
    ],
  },
];

/** A patient's own account: the referrals about them, at the dashboard's place, and Settings. */
export const PATIENT_NAV_GROUPS: readonly NavGroup[] = [
  {
    label: '',
    items: [
      item('dashboard', 'My referrals', paths.home.getHref()),
      item('settings', 'Settings', paths.settings.overview.getHref()),
    ],
  },
];

/**
 * The platform administrators' own group: the queue of establishments waiting for approval, and the
 * health networks with their portals.
 */
export const PLATFORM_NAV_GROUP: NavGroup = {
  label: 'Platform',
  items: [
    item('approvals', 'Establishment approvals', paths.approvals.getHref()),
    item('health-networks', 'Health networks', paths.healthNetworks.getHref()),
    item('maintenance', 'Maintenance', paths.maintenanceSwitch.getHref()),
  ],
};

/** Whether an item is shown to this user (spec section 6 Rules). */
function isVisible(id: NavItemId, context: AccessContext): boolean {
  switch (id) {
    case 'inbox-referrals':
    case 'inbox-case-conferences':
      return canSeeInbox(context);
    case 'inbox-reports':
      return canSeeReportsInbox(context);
    case 'outbox-referrals':
      return canSeeOutboxReferrals(context);
    case 'drafts-referrals':
      return canSeeDraftReferrals(context);
    case 'drafts-reports':
      return canSeeDraftReports(context);
    case 'manual-referrals':
      return canSeeImportQueue(context);
    case 'analytics':
      return canSeeAnalytics(context);
    case 'dashboard':
    case 'outbox-case-conferences':
    case 'outbox-reports':
    case 'archive':
    case 'patients':
    case 'providers':
    case 'contacts':
    case 'trash':
    case 'help':
    case 'settings':
    case 'approvals':
    case 'health-networks':
    case 'maintenance':
      return true;
  }
}

/**
 * The side navigation for this user: the limited mode's three items at a PA or PM's personal space, a
 * patient's own account its two, else
 * the items their permissions allow, leaving out groups with nothing left in them; a platform
 * administrator also gets the Platform group.
 */
export function visibleNavGroups(
  context: AccessContext | undefined,
  options: { platformAdmin?: boolean } = {},
): readonly NavGroup[] {
  const platform = options.platformAdmin === true ? [PLATFORM_NAV_GROUP] : [];
  if (context === undefined) return [...NAV_GROUPS, ...platform];
  if (isLimitedMode(context)) return [...LIMITED_NAV_GROUPS, ...platform];
  if (isPatientAccount(context)) return PATIENT_NAV_GROUPS;
  return [
    ...NAV_GROUPS.map((group) => ({
      ...group,
      items: group.items.filter((navItem) => isVisible(navItem.id, context)),
    })).filter((group) => group.items.length > 0),
    ...platform,
  ];
}

/**
 * The item to highlight for a location. Several items share a route pattern (drafts are an outbox list
 * type, case conferences an inbox or outbox list type), so this goes by the list type, not the prefix.
 */
export function activeNavItem(pathname: string): NavItemId | null {
  const [area, box, type] = pathname.split('/').filter((part) => part !== '');
  if (area === undefined || area === 'my-reports') return 'dashboard';
  const isCaseConference = type?.startsWith('case-conference') ?? false;
  if (area === 'referrals') {
    if (box === 'inbox') return isCaseConference ? 'inbox-case-conferences' : 'inbox-referrals';
    if (box === 'outbox') {
      if (type === 'drafts') return 'drafts-referrals';
      return isCaseConference ? 'outbox-case-conferences' : 'outbox-referrals';
    }
    if (box === 'archive') return 'archive';
    if (box === 'manual') return 'manual-referrals';
    if (box === 'trash') return 'trash';
    return null;
  }
  if (area === 'clinical-reports') {
    if (box === 'inbox') return 'inbox-reports';
    if (box === 'outbox') return type === 'drafts' ? 'drafts-reports' : 'outbox-reports';
    return null;
  }
  if (area === 'patients') return 'patients';
  if (area === 'providers') return 'providers';
  if (area === 'contacts') return 'contacts';
  if (area === 'analytics') return 'analytics';
  // Only the limited mode lists these two; elsewhere they match no item on screen.
  if (area === 'help') return 'help';
  if (area === 'settings') return 'settings';
  if (area === 'approvals') return 'approvals';
  if (area === 'health-networks') return 'health-networks';
  if (area === 'maintenance-switch') return 'maintenance';
  return null;
}
