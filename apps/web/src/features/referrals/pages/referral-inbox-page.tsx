import { inboxListTypes } from '@referrals/domain/referrals/referral-codes';
import { IconInbox, IconUsersGroup } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';

/** Referrals inbox at /referrals/inbox/:type (spec section 2); the router has checked the list type. */
export function ReferralInboxPage() {
  const { type } = useParams();
  const label = inboxListTypes.isCode(type) ? inboxListTypes.display(type) : undefined;
  if (type?.startsWith('case-conference')) {
    return (
      <ComingSoon
        title="Case conferences"
        subtitle={label}
        icon={IconUsersGroup}
        description="Referrals under discussion in a case conference with your establishment. A case conference stays open for 14 days."
        plannedFeatures={['Read and add to the discussion', 'See which case conferences have closed']}
      />
    );
  }
  return (
    <ComingSoon
      title="Referrals inbox"
      subtitle={label}
      icon={IconInbox}
      description="Referrals sent to your establishment. Open one to triage it: accept, schedule, waitlist, return or forward it."
      plannedFeatures={[
        'Filter by status: new, under review, accepted, scheduled, waitlisted, returned, shared or forwarded',
        'See unread referrals at a glance',
        'Open a referral to triage it',
      ]}
    />
  );
}
