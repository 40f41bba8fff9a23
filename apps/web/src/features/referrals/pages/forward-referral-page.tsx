import { ComingSoon } from '@/ui/coming-soon';
import { IconShare3 } from '@tabler/icons-react';

/** Forward (spec section 2). */
export function ForwardReferralPage() {
  return (
    <ComingSoon
      title="Forward referral"
      icon={IconShare3}
      description="Pass a referral on to a more suitable establishment, with a note for the new receiver."
      plannedFeatures={['Choose the receiving establishment', 'Add a note explaining why it is forwarded']}
    />
  );
}
