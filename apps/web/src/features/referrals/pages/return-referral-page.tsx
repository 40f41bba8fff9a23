import { ComingSoon } from '@/ui/coming-soon';
import { IconCornerUpLeft } from '@tabler/icons-react';

/** Return (spec section 2). */
export function ReturnReferralPage() {
  return (
    <ComingSoon
      title="Return referral"
      icon={IconCornerUpLeft}
      description="Send a referral back to the referrer with the reason, for example when more information is needed or it reached the wrong service."
      plannedFeatures={['Choose the reason for returning it', 'Add a message for the referrer']}
    />
  );
}
