import { reportOutboxListTypes } from '@referrals/domain/referrals/referral-codes';
import { IconFilePencil, IconReportMedical } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';

/** Clinical reports outbox at /clinical-reports/outbox/:type (spec section 2). */
export function ReportOutboxPage() {
  const { type } = useParams();
  if (type === 'drafts') {
    return (
      <ComingSoon
        title="Draft reports"
        icon={IconFilePencil}
        description="Clinical reports you started but have not sent yet. Open one to finish and send it."
        plannedFeatures={['Continue a draft report', 'Delete drafts you no longer need']}
      />
    );
  }
  return (
    <ComingSoon
      title="Reports outbox"
      subtitle={reportOutboxListTypes.isCode(type) ? reportOutboxListTypes.display(type) : undefined}
      icon={IconReportMedical}
      description="Clinical reports you have sent to referrers, and whether they have been read and reviewed."
      plannedFeatures={['Filter by new, under review, reviewed and sent', 'Open a report with its referral']}
    />
  );
}
