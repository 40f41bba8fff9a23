import { inboxListTypes } from '@referrals/domain/referrals/referral-codes';
import { IconUsersGroup } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';
import { ReferralListScreen, useListNarrowing } from '../lists/referral-list-screen';

/** Referrals inbox at /referrals/inbox/:type (spec section 2); the router has checked the list type. */
export function ReferralInboxPage() {
  const { type } = useParams();
  const narrowing = useListNarrowing();
  if (!inboxListTypes.isCode(type)) return null;
  if (type.startsWith('case-conference')) {
    return (
      <ComingSoon
        title="Case conferences"
        subtitle={inboxListTypes.display(type)}
        icon={IconUsersGroup}
        description="Referrals under discussion in a case conference with your establishment. A case conference stays open for 14 days."
        plannedFeatures={['Read and add to the discussion', 'See which case conferences have closed']}
      />
    );
  }
  return <ReferralListScreen source={{ box: 'inbox', type, ...narrowing }} />;
}
