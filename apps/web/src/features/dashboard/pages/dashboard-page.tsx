import { ComingSoon } from '@/ui/coming-soon';
import { IconLayoutDashboard } from '@tabler/icons-react';

/** Dashboard at / (spec section 2). */
export function DashboardPage() {
  return (
    <ComingSoon
      title="Dashboard"
      icon={IconLayoutDashboard}
      description="Your day at a glance: new referrals waiting for triage, the referrals you sent and where each is up to, and clinical reports to review."
      plannedFeatures={[
        'See new and under-review referrals that need you',
        'Follow up referrals you sent that were returned or are waiting',
        'Jump straight to reports waiting for review',
      ]}
    />
  );
}
