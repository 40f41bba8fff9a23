import { IconAddressBook } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';

/** A saved health professional at /contacts/:id (spec section 2, Other HCPs). */
export function ContactDetailPage() {
  const { id } = useParams();
  return (
    <ComingSoon
      title="Health professional"
      subtitle={id === undefined ? undefined : `Contact ${id}`}
      icon={IconAddressBook}
      description="A health professional from your directory who does not use Referrals: their practice, provider number and contact details."
      plannedFeatures={['Update their details', 'Send them a referral']}
    />
  );
}
