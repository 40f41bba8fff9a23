import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { IconSignature } from '@tabler/icons-react';

/** Referral consent (spec section 2). */
export function ConsentPage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Referral consent"
        icon={IconSignature}
        description="Give or decline your consent for a referral made on your behalf."
        plannedFeatures={['Read what the referral is for and who receives it', 'Give or decline consent']}
      />
    </PublicPageFrame>
  );
}
