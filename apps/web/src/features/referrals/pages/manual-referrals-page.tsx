import { ComingSoon } from '@/ui/coming-soon';
import { IconFileImport } from '@tabler/icons-react';

/** Manual referrals, with the #import-queue section (spec section 2). */
export function ManualReferralsPage() {
  return (
    <ComingSoon
      title="Manual referrals"
      icon={IconFileImport}
      description="Record referrals that reached you outside Referrals, such as by fax, post or email, so they are triaged and tracked like every other referral."
      plannedFeatures={[
        'Enter a paper or faxed referral',
        'Import several at once through the import queue',
        'Track them in the inbox with the rest',
      ]}
    />
  );
}
