import { reportInboxListTypes } from '@referrals/domain/referrals/referral-codes';
import { IconReportMedical } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';

/** Clinical reports inbox at /clinical-reports/inbox/:type (spec section 2). */
export function ReportInboxPage() {
  const { type } = useParams();
  return (
    <ComingSoon
      title="Reports inbox"
      subtitle={reportInboxListTypes.isCode(type) ? reportInboxListTypes.display(type) : undefined}
      icon={IconReportMedical}
      description="Clinical reports sent back to you about your referrals. Work through them and mark each one reviewed."
      plannedFeatures={['Filter by new, under review and reviewed', 'Open a report with its referral']}
    />
  );
}
