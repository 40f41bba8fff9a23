import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useProfile } from '@/lib/auth/get-profile';

// Each in its own chunk: a patient's account never loads the establishment dashboard, nor a provider My
// referrals.
const DashboardPage = lazy(() =>
  import('@/features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const MyReferralsPage = lazy(() =>
  import('@/features/referrals/my-referrals/my-referrals-page').then((m) => ({ default: m.MyReferralsPage })),
);

/**
 * / : the dashboard of what needs a professional now (spec section 2), or for a patient's own account the
 * referrals about them (docs/my-referrals.md). The two features meet here, in app.
 */
export function HomeRoute() {
  const { data: profile } = useProfile();
  if (profile === undefined) return <Loader aria-label="Loading your profile" />;
  return (
    <Suspense fallback={<Loader aria-label="Loading" />}>
      {profile.user_type === 'patient' ? <MyReferralsPage /> : <DashboardPage />}
    </Suspense>
  );
}
