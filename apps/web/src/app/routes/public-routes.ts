import type { FeatureFlags } from '@referrals/domain/feature-flags';
import type { RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { ErrorPage } from '../pages/error-page';
import { lazyRoute } from './lazy-route';

/** Screens outside the main layout, without its chrome (spec section 2 Public, Conditional routes). */
export function publicRoutes(flags: FeatureFlags): RouteObject[] {
  const routes: RouteObject[] = [
    lazyRoute(paths.auth.authorize.path, 'Signing in', () =>
      import('@/features/auth/pages/authorize-page').then((m) => m.AuthorizePage),
    ),
    lazyRoute(paths.auth.login.path, 'Sign in', () =>
      import('@/features/auth/pages/login-page').then((m) => m.LoginPage),
    ),
    lazyRoute(paths.auth.register.path, 'Create your account', () =>
      import('@/features/auth/pages/register-page').then((m) => m.RegisterPage),
    ),
    lazyRoute(paths.auth.logout.path, 'Log out', () =>
      import('@/features/auth/pages/logout-page').then((m) => m.LogoutPage),
    ),
    lazyRoute(paths.public.referralPdf.path, 'Referral', () =>
      import('@/features/public/pages/referral-pdf-page').then((m) => m.ReferralPdfPage),
    ),
    lazyRoute(paths.public.externalReferral.path, 'Referral', () =>
      import('@/features/external-access/pages/external-referral-page').then((m) => m.ExternalReferralPage),
    ),
    lazyRoute(paths.public.consent.path, 'Consent form', () =>
      import('@/features/external-access/pages/consent-page').then((m) => m.ConsentPage),
    ),
    lazyRoute(paths.public.uploadFiles.path, 'Send files', () =>
      import('@/features/external-access/pages/upload-files-page').then((m) => m.UploadFilesPage),
    ),
    lazyRoute(paths.public.externalClinicalReports.path, 'Clinical reports', () =>
      import('@/app/routes/external-clinical-reports-route').then((m) => m.ExternalClinicalReportsRoute),
    ),
    lazyRoute(paths.public.referBySlug.path, 'Send a referral', () =>
      import('@/app/routes/refer-route').then((m) => m.ReferRoute),
    ),
    lazyRoute(paths.public.referAtHost.path, 'Send a referral', () =>
      import('@/app/routes/refer-route').then((m) => m.ReferAtHostRoute),
    ),
    lazyRoute(paths.clinicalRecord.launch.path, 'Launching Referrals', () =>
      import('@/features/clinical-record/pages/clinical-record-launch-page').then(
        (m) => m.ClinicalRecordLaunchPage,
      ),
    ),
    // Not lazy: the same screen is every route's error boundary, so it is in the main chunk anyway.
    { path: paths.status.error.path, handle: { title: 'Something went wrong' }, Component: ErrorPage },
    lazyRoute(paths.status.notFound.path, 'Page not found', () =>
      import('../pages/not-found-page').then((m) => m.NotFoundPage),
    ),
    lazyRoute(paths.status.maintenance.path, 'Down for maintenance', () =>
      import('../pages/maintenance-page').then((m) => m.MaintenancePage),
    ),
  ];
  // Conditional routes exist only while their flag is on; otherwise the address is simply unknown (404).
  if (flags.clinicalSystemUnavailable) {
    routes.push(
      lazyRoute(paths.status.clinicalSystemUnavailable.path, 'Clinical system unavailable', () =>
        import('@/features/public/pages/clinical-system-unavailable-page').then(
          (m) => m.ClinicalSystemUnavailablePage,
        ),
      ),
    );
  }
  return routes;
}
