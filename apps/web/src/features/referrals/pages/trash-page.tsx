import { ComingSoon } from '@/ui/coming-soon';
import { IconTrash } from '@tabler/icons-react';

/** Deleted Items (spec section 2). */
export function TrashPage() {
  return (
    <ComingSoon
      title="Deleted Items"
      icon={IconTrash}
      description="Referrals you have deleted, kept here in case you need to look at them again."
      plannedFeatures={['See deleted referrals and when they were deleted', 'Open one to check its details']}
    />
  );
}
