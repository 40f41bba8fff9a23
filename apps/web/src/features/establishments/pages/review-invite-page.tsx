import { ComingSoon } from '@/ui/coming-soon';
import { IconMailOpened } from '@tabler/icons-react';

/** Review Employment Invite (spec section 2). */
export function ReviewInvitePage() {
  return (
    <ComingSoon
      title="Review employment invite"
      icon={IconMailOpened}
      description="An establishment has invited you to join it. Review the role and access on offer, then accept or decline."
      plannedFeatures={['See who invited you and to which establishment', 'Accept or decline the invite']}
    />
  );
}
