import { ComingSoon } from '@/ui/coming-soon';
import { IconUserPlus } from '@tabler/icons-react';

/** Patient creation (spec section 2). */
export function CreatePatientPage() {
  return (
    <ComingSoon
      title="New patient"
      icon={IconUserPlus}
      description="Add a patient with their contact details, carers, Medicare and concession cards, health fund and medical record numbers."
      plannedFeatures={['Check the Medicare and IHI numbers as you type', 'Add up to three carers']}
    />
  );
}
