import { ComingSoon } from '@/ui/coming-soon';
import { IconConfetti } from '@tabler/icons-react';

/** Welcome, the onboarding screen (spec section 2). The new practice-manager sub-roles flag will choose between two versions. */
export function WelcomePage() {
  return (
    <ComingSoon
      title="Welcome to Referrals"
      icon={IconConfetti}
      description="Finish setting up your account before you send or receive referrals: confirm your professional details and join your practice or establishment."
      plannedFeatures={[
        'Complete the registration steps you have not finished',
        'Join your practice or establishment',
        'See what to do first',
      ]}
    />
  );
}
