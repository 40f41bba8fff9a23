import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { IconLink } from '@tabler/icons-react';

/** Account linking for single-sign-on users (spec section 2, conditional route). */
export function AccountLinkingPage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Link your account"
        icon={IconLink}
        description="Link your existing Referrals account to your health organisation's single sign-on, so you can sign in with your organisation email address."
        plannedFeatures={[
          'Confirm the account that belongs to you',
          'Sign in with single sign-on from then on',
        ]}
      />
    </PublicPageFrame>
  );
}
