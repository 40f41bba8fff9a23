import type { FeatureFlags } from '@referrals/domain/feature-flags';
import {
  inboxListTypes,
  outboxListTypes,
  reportInboxListTypes,
  reportOutboxListTypes,
} from '@referrals/domain/referrals/referral-codes';
import type { RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { lazyRoute } from './lazy-route';
import { requireAdminPage, requireListType } from './route-checks';

/** Screens inside the main layout (spec section 2 Inside the main layout, Guarded children). */
export function layoutRoutes(flags: FeatureFlags): RouteObject[] {
  const routes: RouteObject[] = [
    lazyRoute(paths.home.path, 'Dashboard', () => import('@/app/routes/home-route').then((m) => m.HomeRoute)),
    lazyRoute(paths.myReport.path, 'Report', () =>
      import('@/features/referrals/my-referrals/my-report-page').then((m) => m.MyReportPage),
    ),
    lazyRoute(paths.welcome.path, 'Welcome', () =>
      import('@/features/auth/pages/welcome-page').then((m) => m.WelcomePage),
    ),
    lazyRoute(paths.registration.path, 'Complete your registration', () =>
      import('@/features/profile/pages/registration-wizard-page').then((m) => m.RegistrationWizardPage),
    ),
    lazyRoute(paths.help.path, 'Help Desk', () =>
      import('@/features/help/pages/help-page').then((m) => m.HelpPage),
    ),

    lazyRoute(paths.referrals.create.path, 'New referral', () =>
      import('@/app/routes/create-referral-route').then((m) => m.CreateReferralRoute),
    ),
    lazyRoute(paths.clinicalRecord.launchReferral.path, 'Starting a referral', () =>
      import('@/features/clinical-record/pages/launch-referral-page').then((m) => m.LaunchReferralPage),
    ),
    lazyRoute(paths.referrals.manual.path, 'Manual referrals', () =>
      import('@/app/routes/manual-referrals-route').then((m) => m.ManualReferralsRoute),
    ),
    lazyRoute(paths.referrals.archive.path, 'Archive', () =>
      import('@/features/referrals/pages/archive-page').then((m) => m.ArchivePage),
    ),
    lazyRoute(paths.referrals.trash.path, 'Deleted Items', () =>
      import('@/features/referrals/pages/trash-page').then((m) => m.TrashPage),
    ),
    lazyRoute(paths.referrals.externalOrigin.path, 'Open a referral from a link', () =>
      import('@/features/external-access/pages/external-origin-page').then((m) => m.ExternalOriginPage),
    ),
    lazyRoute(
      paths.referrals.inbox.path,
      'Inbox',
      () => import('@/features/referrals/pages/referral-inbox-page').then((m) => m.ReferralInboxPage),
      requireListType((type) => inboxListTypes.isCode(type)),
    ),
    lazyRoute(
      paths.referrals.outbox.path,
      'Outbox',
      () => import('@/features/referrals/pages/referral-outbox-page').then((m) => m.ReferralOutboxPage),
      requireListType((type) => outboxListTypes.isCode(type)),
    ),
    lazyRoute(paths.referrals.detail.path, 'Referral', () =>
      import('@/features/referrals/pages/referral-detail-page').then((m) => m.ReferralDetailPage),
    ),
    lazyRoute(paths.referrals.triage.path, 'Triage referral', () =>
      import('@/features/referrals/pages/triage-referral-page').then((m) => m.TriageReferralPage),
    ),
    lazyRoute(paths.referrals.recall.path, 'Recall referral', () =>
      import('@/features/referrals/pages/recall-referral-page').then((m) => m.RecallReferralPage),
    ),
    lazyRoute(paths.referrals.return.path, 'Return referral', () =>
      import('@/features/referrals/pages/return-referral-page').then((m) => m.ReturnReferralPage),
    ),
    lazyRoute(paths.referrals.forward.path, 'Forward referral', () =>
      import('@/features/referrals/pages/forward-referral-page').then((m) => m.ForwardReferralPage),
    ),
    lazyRoute(paths.referrals.reschedule.path, 'Reschedule appointment', () =>
      import('@/features/referrals/pages/reschedule-referral-page').then((m) => m.RescheduleReferralPage),
    ),
    lazyRoute(paths.referrals.renew.path, 'Renew referral', () =>
      import('@/features/referrals/pages/renew-referral-page').then((m) => m.RenewReferralPage),
    ),
    lazyRoute(paths.referrals.report.path, 'Clinical report', () =>
      import('@/features/referrals/pages/referral-report-page').then((m) => m.ReferralReportPage),
    ),

    lazyRoute(
      paths.clinicalReports.inbox.path,
      'Reports inbox',
      () => import('@/features/referrals/pages/report-list-pages').then((m) => m.ReportInboxPage),
      requireListType((type) => reportInboxListTypes.isCode(type)),
    ),
    lazyRoute(
      paths.clinicalReports.outbox.path,
      'Reports outbox',
      () => import('@/features/referrals/pages/report-list-pages').then((m) => m.ReportOutboxPage),
      requireListType((type) => reportOutboxListTypes.isCode(type)),
    ),

    lazyRoute(paths.patients.list.path, 'Patients', () =>
      import('@/features/patients/pages/patients-page').then((m) => m.PatientsPage),
    ),
    lazyRoute(paths.patients.create.path, 'New patient', () =>
      import('@/features/patients/pages/create-patient-page').then((m) => m.CreatePatientPage),
    ),
    lazyRoute(paths.patients.detail.path, 'Patient', () =>
      import('@/features/patients/pages/patient-detail-page').then((m) => m.PatientDetailPage),
    ),

    lazyRoute(paths.contacts.list.path, 'Other HCPs', () =>
      import('@/features/contacts/pages/contacts-page').then((m) => m.ContactsPage),
    ),
    lazyRoute(paths.contacts.create.path, 'New health professional', () =>
      import('@/features/contacts/pages/create-contact-page').then((m) => m.CreateContactPage),
    ),
    lazyRoute(paths.contacts.detail.path, 'Health professional', () =>
      import('@/features/contacts/pages/contact-detail-page').then((m) => m.ContactDetailPage),
    ),

    lazyRoute(paths.analytics.path, 'Waiting times and volumes', () =>
      import('@/features/analytics/pages/analytics-page').then((m) => m.AnalyticsPage),
    ),
    lazyRoute(paths.networkAnalytics.path, 'Waiting times across the network', () =>
      import('@/features/analytics/pages/network-analytics-page').then((m) => m.NetworkAnalyticsPage),
    ),
    lazyRoute(paths.providers.path, 'Providers', () =>
      import('@/features/providers/pages/providers-page').then((m) => m.ProvidersPage),
    ),
    lazyRoute(paths.settings.overview.path, 'Settings', () =>
      import('@/features/profile/pages/settings-page').then((m) => m.SettingsPage),
    ),
    lazyRoute(paths.settings.section.path, 'Settings', () =>
      import('./settings-section-route').then((m) => m.SettingsSectionRoute),
    ),
    lazyRoute(paths.settings.establishment.path, 'Establishment', () =>
      import('@/features/establishments/pages/manage-establishment-page').then(
        (m) => m.ManageEstablishmentPage,
      ),
    ),
    lazyRoute(paths.approvals.path, 'Establishment approvals', () =>
      import('@/features/platform/pages/approvals-page').then((m) => m.ApprovalsPage),
    ),
    lazyRoute(paths.healthNetworks.path, 'Health networks', () =>
      import('@/features/platform/pages/health-networks-page').then((m) => m.HealthNetworksPage),
    ),
    lazyRoute(paths.maintenanceSwitch.path, 'Maintenance', () =>
      import('@/features/platform/pages/maintenance-switch-page').then((m) => m.MaintenanceSwitchPage),
    ),
    lazyRoute(paths.reviewInvite.path, 'Review employment invite', () =>
      import('@/features/establishments/pages/review-invite-page').then((m) => m.ReviewInvitePage),
    ),
    lazyRoute(
      paths.admin.path,
      'Admin portal',
      () => import('@/features/admin/pages/admin-page').then((m) => m.AdminPage),
      requireAdminPage,
    ),
  ];
  if (flags.friendlyForwarding) {
    // Friendly forwarding reuses Referral Creation with the receiver taken from the address (spec section 2).
    routes.push(
      lazyRoute(paths.referrals.friendlyForward.path, 'New referral', () =>
        import('@/app/routes/create-referral-route').then((m) => m.CreateReferralRoute),
      ),
    );
  }
  return routes;
}
