import { ComingSoon } from '@/ui/coming-soon';
import { IconWorldShare } from '@tabler/icons-react';

/** Referrals of external origin (spec section 2, inside the main layout). */
export function ExternalOriginPage() {
  return (
    <ComingSoon
      title="Referrals from public portals"
      icon={IconWorldShare}
      description="Referrals sent to your establishment through public referral portals by patients, carers and health professionals who do not have an account."
      plannedFeatures={[
        'See who sent each referral and how to contact them',
        'Triage them like any other referral',
      ]}
    />
  );
}
