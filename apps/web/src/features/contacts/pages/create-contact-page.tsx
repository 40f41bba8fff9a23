import { ComingSoon } from '@/ui/coming-soon';
import { IconUserPlus } from '@tabler/icons-react';

/** Contact creation (spec section 2). */
export function CreateContactPage() {
  return (
    <ComingSoon
      title="New health professional"
      icon={IconUserPlus}
      description="Save a health professional who does not use Referrals, with their practice, provider number and contact details."
      plannedFeatures={[
        'Enter their provider number and practice address',
        'Use them as a referral receiver straight away',
      ]}
    />
  );
}
