import type {
  InboxListType,
  OutboxListType,
  ReportInboxListType,
  ReportOutboxListType,
} from '@referrals/domain/referrals/referral-codes';
import type { SettingsSection } from '@referrals/domain/people/people-codes';

/**
 * Every screen's route pattern (`path`, for the router) and link builder (`getHref`, for components), so a
 * URL is written once (house-style.md, Web). Params are encoded because ids and slugs come from data.
 */
const segment = (value: string | number): string => encodeURIComponent(String(value));
/** The query of a page an access link opens: `?access=<token>`, or nothing without a token. */
const accessQuery = (access: string | undefined): string =>
  access === undefined ? '' : `?access=${segment(access)}`;
const optional = (value: string | number | undefined): string =>
  value === undefined ? '' : `/${segment(value)}`;

/** Navigation state of /404: set when the hosted login refused the user's group (spec section 2 /authorize). */
export type NotFoundState = { unauthorizedGroup?: boolean };

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** A report addressed to the signed-in patient (docs/my-referrals.md). */
  myReport: { path: '/my-reports/:id', getHref: (id: string) => `/my-reports/${encodeURIComponent(id)}` },
  welcome: { path: '/welcome', getHref: () => '/welcome' },
  /** The registration wizard, reached from Welcome's 'Get started' (spec section 2 Registration wizard). */
  registration: { path: '/welcome/registration', getHref: () => '/welcome/registration' },
  help: { path: '/help', getHref: () => '/help' },

  auth: {
    login: {
      path: '/login',
      /** sessionExpired: the user was logged out for inactivity; the login page says so (spec section 4). */
      getHref: (options?: { sessionExpired?: boolean }) =>
        options?.sessionExpired === true ? '/login?session_expired=true' : '/login',
    },
    register: { path: '/register', getHref: () => '/register' },
    authorize: { path: '/authorize', getHref: () => '/authorize' },
    logout: { path: '/logout', getHref: () => '/logout' },
  },

  /** Screens without the layout's chrome that still need a signed-in user (spec section 2). */
  account: {
    /**
     * The platform selection screen. `next`: where to go once a platform is chosen (an address in the
     * app; the screen falls back to the dashboard for anything else).
     */
    platform: {
      path: '/platform',
      getHref: (next?: string) =>
        next === undefined ? '/platform' : `/platform?${new URLSearchParams({ next }).toString()}`,
    },
    /** Account linking (single-sign-on account linking flag). */
    linking: { path: '/account-linking', getHref: () => '/account-linking' },
  },

  /** A launch from a clinical record system (docs/clinical-record.md). */
  clinicalRecord: {
    /** Public: starts the sign-in at the record system, or finishes it (its query passed on from /). */
    launch: {
      path: '/clinical-record/launch',
      getHref: (query?: URLSearchParams) => `/clinical-record/launch${query ? `?${query.toString()}` : ''}`,
    },
    /** Signed in: the launch's draft is made from the patient's record, then the wizard opens. */
    launchReferral: {
      path: '/clinical-record/launches/:launchId',
      getHref: (launchId: string) => `/clinical-record/launches/${segment(launchId)}`,
    },
  },

  status: {
    notFound: { path: '/404', getHref: () => '/404' },
    error: { path: '/error', getHref: () => '/error' },
    /** `next`: where to go back to once the maintenance is over (an address in the app). */
    maintenance: {
      path: '/maintenance',
      getHref: (next?: string) =>
        next === undefined ? '/maintenance' : `/maintenance?${new URLSearchParams({ next }).toString()}`,
    },
    clinicalSystemUnavailable: { path: '/sanro-unavailable', getHref: () => '/sanro-unavailable' },
  },

  referrals: {
    create: {
      path: '/referrals/create/:id?',
      getHref: (draftId?: string | number) => `/referrals/create${optional(draftId)}`,
    },
    manual: { path: '/referrals/manual', getHref: () => '/referrals/manual' },
    archive: { path: '/referrals/archive', getHref: () => '/referrals/archive' },
    trash: { path: '/referrals/trash', getHref: () => '/referrals/trash' },
    externalOrigin: {
      path: '/referrals/external-origin',
      getHref: (token?: string) =>
        `/referrals/external-origin${token === undefined ? '' : `?token=${segment(token)}`}`,
    },
    inbox: {
      path: '/referrals/inbox/:type',
      getHref: (type: InboxListType) => `/referrals/inbox/${segment(type)}`,
    },
    outbox: {
      path: '/referrals/outbox/:type',
      getHref: (type: OutboxListType) => `/referrals/outbox/${segment(type)}`,
    },
    detail: {
      path: '/referrals/:id',
      /** `tab: 'conference'` opens it at its case conference; `returnURL` is where its back link leads. */
      getHref: (id: string | number, query?: { tab?: 'conference'; returnURL?: string }) => {
        const search = new URLSearchParams(query).toString();
        return `/referrals/${segment(id)}${search === '' ? '' : `?${search}`}`;
      },
    },
    triage: {
      path: '/referrals/:id/triage',
      getHref: (id: string | number) => `/referrals/${segment(id)}/triage`,
    },
    recall: {
      path: '/referrals/:id/recall',
      getHref: (id: string | number) => `/referrals/${segment(id)}/recall`,
    },
    return: {
      path: '/referrals/:id/return',
      getHref: (id: string | number) => `/referrals/${segment(id)}/return`,
    },
    forward: {
      path: '/referrals/:id/forward',
      getHref: (id: string | number) => `/referrals/${segment(id)}/forward`,
    },
    reschedule: {
      path: '/referrals/:id/reschedule',
      getHref: (id: string | number) => `/referrals/${segment(id)}/reschedule`,
    },
    // Not among the spec's routes (section 2 lists no renew screen): the renew flow needs a page like the others.
    renew: {
      path: '/referrals/:id/renew',
      getHref: (id: string | number) => `/referrals/${segment(id)}/renew`,
    },
    report: {
      path: '/referrals/:id/report/:reportID?',
      getHref: (id: string | number, reportId?: string | number) =>
        `/referrals/${segment(id)}/report${optional(reportId)}`,
    },
    friendlyForward: {
      path: '/send/:establishment_slug',
      getHref: (establishmentSlug: string) => `/send/${segment(establishmentSlug)}`,
    },
  },

  clinicalReports: {
    inbox: {
      path: '/clinical-reports/inbox/:type',
      getHref: (type: ReportInboxListType) => `/clinical-reports/inbox/${segment(type)}`,
    },
    outbox: {
      path: '/clinical-reports/outbox/:type',
      getHref: (type: ReportOutboxListType) => `/clinical-reports/outbox/${segment(type)}`,
    },
  },

  patients: {
    list: { path: '/patients', getHref: () => '/patients' },
    create: { path: '/patients/create', getHref: () => '/patients/create' },
    detail: { path: '/patients/:id', getHref: (id: string | number) => `/patients/${segment(id)}` },
  },

  contacts: {
    list: { path: '/contacts', getHref: () => '/contacts' },
    create: { path: '/contacts/create', getHref: () => '/contacts/create' },
    detail: { path: '/contacts/:id', getHref: (id: string | number) => `/contacts/${segment(id)}` },
  },

  providers: { path: '/providers', getHref: () => '/providers' },

  settings: {
    overview: { path: '/settings', getHref: () => '/settings' },
    section: {
      path: '/settings/:type',
      getHref: (section: SettingsSection) => `/settings/${segment(section)}`,
    },
    /** Managing one establishment the user may edit (its details, settings, departments, logo). */
    establishment: {
      path: '/settings/establishments/:id',
      getHref: (id: string) => `/settings/establishments/${segment(id)}`,
    },
  },

  /** The platform administrators' queue of establishments waiting for approval or verification. */
  approvals: { path: '/approvals', getHref: () => '/approvals' },
  healthNetworks: { path: '/health-networks', getHref: () => '/health-networks' },
  /** The platform administrators' maintenance switch (README, Maintenance). */
  maintenanceSwitch: { path: '/maintenance-switch', getHref: () => '/maintenance-switch' },
  analytics: { path: '/analytics', getHref: () => '/analytics' },
  networkAnalytics: {
    path: '/health-networks/:id/analytics',
    getHref: (id: string) => `/health-networks/${encodeURIComponent(id)}/analytics`,
  },

  reviewInvite: {
    path: '/review-invite/:id',
    getHref: (employmentId: string | number) => `/review-invite/${segment(employmentId)}`,
  },

  admin: {
    path: '/admin/:page/:subpage?/:user?',
    getHref: (page: string, subpage?: string, user?: string | number) =>
      `/admin/${segment(page)}${optional(subpage)}${subpage === undefined ? '' : optional(user)}`,
  },

  public: {
    referralPdf: { path: '/referrals/pdf', getHref: () => '/referrals/pdf' },
    // The pages an emailed access link opens, each with the link's token (docs/external-access.md).
    externalReferral: {
      path: '/referrals/external',
      getHref: (access?: string) => `/referrals/external${accessQuery(access)}`,
    },
    consent: {
      path: '/referrals/consent',
      getHref: (access?: string) => `/referrals/consent${accessQuery(access)}`,
    },
    uploadFiles: {
      path: '/referrals/upload-files',
      getHref: (access?: string) => `/referrals/upload-files${accessQuery(access)}`,
    },
    externalClinicalReports: {
      path: '/external-clinical-reports',
      getHref: (access?: string) => `/external-clinical-reports${accessQuery(access)}`,
    },
    referBySlug: { path: '/refer/:slug', getHref: (slug: string) => `/refer/${segment(slug)}` },
    /** A health network's portal at its own web address (docs/portals.md, Health network portals). */
    referAtHost: { path: '/refer', getHref: () => '/refer' },
  },
} as const;
