import { ComingSoon } from '@/ui/coming-soon';
import { IconArchive } from '@tabler/icons-react';

/** Archive (spec section 2). */
export function ArchivePage() {
  return (
    <ComingSoon
      title="Archive"
      icon={IconArchive}
      description="Referrals you have archived, kept for reference. Search them, open them, or unarchive one to return it to its list."
      plannedFeatures={['Search archived referrals by patient or referrer', 'Unarchive a referral']}
    />
  );
}
