import { IconSend } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';

/** The manual external referral portal of one establishment at /refer/:slug (spec section 2). */
export function ReferPage() {
  const { slug } = useParams();
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Send a referral"
        subtitle={slug === undefined ? undefined : `Referral portal: ${slug}`}
        icon={IconSend}
        description="Send a referral straight to this health service without an account, as a health professional, a patient or a carer."
        plannedFeatures={['Fill in the referral form of this service', 'Attach letters and test results']}
      />
    </PublicPageFrame>
  );
}
