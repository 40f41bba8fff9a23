import { ComingSoon } from '@/ui/coming-soon';
import { IconArrowBackUp } from '@tabler/icons-react';

/** Recall (spec section 2). */
export function RecallReferralPage() {
  return (
    <ComingSoon
      title="Recall referral"
      icon={IconArrowBackUp}
      description="Take back a referral you sent, with a reason the receiver will see."
      plannedFeatures={['Give the reason for the recall', 'Let the receiver know the referral is withdrawn']}
    />
  );
}
