import { ComingSoon } from '@/ui/coming-soon';
import { IconUsers } from '@tabler/icons-react';

/** Patients list (spec section 2). */
export function PatientsPage() {
  return (
    <ComingSoon
      title="Patients"
      icon={IconUsers}
      description="Find and manage your patients' records: contact details, carers, Medicare and concession cards, health funds and medical record numbers."
      plannedFeatures={[
        'Search patients by name, date of birth or Medicare number',
        'Open a patient to see their referrals',
        'Add a new patient',
      ]}
    />
  );
}
