import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { IconReportMedical } from '@tabler/icons-react';

/** External clinical reports (spec section 2). */
export function ExternalClinicalReportsPage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Clinical report"
        icon={IconReportMedical}
        description="Read a clinical report sent to you about a referral, without needing an account."
        plannedFeatures={[
          'Open the report securely from the link you received',
          'Download it for your records',
        ]}
      />
    </PublicPageFrame>
  );
}
