import { IconReportMedical } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';

/** A clinical report on a referral at /referrals/:id/report/:reportID? (spec section 2). */
export function ReferralReportPage() {
  const { id, reportID } = useParams();
  const subtitle =
    reportID === undefined ? `New report on referral ${id}` : `Report ${reportID} on referral ${id}`;
  return (
    <ComingSoon
      title="Clinical report"
      subtitle={id === undefined ? undefined : subtitle}
      icon={IconReportMedical}
      description="Write a clinical report on this referral back to the referrer, or read one you received."
      plannedFeatures={[
        'Write the report and attach documents',
        'Save it as a draft or send it',
        'Send several reports on one referral',
      ]}
    />
  );
}
