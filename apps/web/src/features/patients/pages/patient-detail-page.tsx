import { IconUser } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';

/** A patient's record at /patients/:id (spec section 2). */
export function PatientDetailPage() {
  const { id } = useParams();
  return (
    <ComingSoon
      title="Patient"
      subtitle={id === undefined ? undefined : `Patient ${id}`}
      icon={IconUser}
      description="A patient's record: contact details, carers, Medicare and concession cards, health funds, medical record numbers and their referrals."
      plannedFeatures={[
        'Update the patient’s details',
        'See every referral for this patient',
        'Start a new referral for them',
      ]}
    />
  );
}
