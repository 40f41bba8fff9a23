import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { IconPrinter } from '@tabler/icons-react';

/** Referral print view, no chrome (spec section 2). */
export function ReferralPdfPage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Referral print view"
        icon={IconPrinter}
        description="A print-ready copy of a referral letter, without menus, to print or save as a PDF."
        plannedFeatures={['Print a referral exactly as the receiver sees it']}
      />
    </PublicPageFrame>
  );
}
