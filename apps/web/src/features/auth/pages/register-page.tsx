import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { IconUserPlus } from '@tabler/icons-react';

/** Register (spec section 2, named route; the registration wizard has up to 7 pages). */
export function RegisterPage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Create your account"
        icon={IconUserPlus}
        description="Register as a health professional in a few short steps: your personal details, your professional details, your practice or establishment, your signature, then any special access you need."
        plannedFeatures={[
          'Enter your professional and provider details',
          'Join an existing practice or establishment, or add a new one',
          'Sign referrals with your saved signature',
        ]}
      />
    </PublicPageFrame>
  );
}
