import { ComingSoon } from '@/ui/coming-soon';
import { IconAddressBook } from '@tabler/icons-react';

/** Contacts, the Other HCPs directory (spec section 2). */
export function ContactsPage() {
  return (
    <ComingSoon
      title="Other HCPs"
      icon={IconAddressBook}
      description="Your directory of other health professionals who do not use Referrals, so you can still address referrals and reports to them."
      plannedFeatures={['Search your saved health professionals', 'Add a new health professional']}
    />
  );
}
