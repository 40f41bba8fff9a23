import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { IconLogin } from '@tabler/icons-react';

/** Login (spec section 2, named route). */
export function LoginPage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Sign in"
        icon={IconLogin}
        description="Sign in to Referrals through the secure hosted login page. You come back to your dashboard once you are signed in."
        plannedFeatures={[
          'Sign in with your email address and password',
          'Reset a forgotten password',
          'Continue where you left off after your session expired',
        ]}
      />
    </PublicPageFrame>
  );
}
