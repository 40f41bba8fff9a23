import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { IconApps } from '@tabler/icons-react';

/** Platform selection screen without chrome (spec section 2). */
export function PlatformPage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Choose your platform"
        icon={IconApps}
        description="Choose where to continue when your account can reach more than one platform, for example Referrals in the browser or the clinical system you launched from."
        plannedFeatures={['See the platforms your account can use', 'Continue to the one you need today']}
      />
    </PublicPageFrame>
  );
}
