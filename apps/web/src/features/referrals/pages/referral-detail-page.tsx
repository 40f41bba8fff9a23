import { IconFileText } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';

/** Referral details at /referrals/:id, with ?report, ?tab=conference and ?returnURL later (spec section 2). */
export function ReferralDetailPage() {
  const { id } = useParams();
  return (
    <ComingSoon
      title="Referral"
      subtitle={id === undefined ? undefined : `Referral ${id}`}
      icon={IconFileText}
      description="The whole referral in one place: the patient, the referrer and receiver, the referral form and attachments, its history, clinical reports and any case conference."
      plannedFeatures={[
        'Read the referral and its attachments',
        'Triage, schedule, return, forward or recall it',
        'Follow its history and clinical reports',
      ]}
    />
  );
}
