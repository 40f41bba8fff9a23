import { outboxListTypes } from '@referrals/domain/referrals/referral-codes';
import { IconUsersGroup } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';
import { ReferralListScreen, useListNarrowing } from '../lists/referral-list-screen';

/** Referrals outbox at /referrals/outbox/:type (spec section 2); the router has checked the list type. */
export function ReferralOutboxPage() {
  const { type } = useParams();
  const narrowing = useListNarrowing();
  if (!outboxListTypes.isCode(type)) return null;
  if (type.startsWith('case-conference')) {
    return (
      <ComingSoon
        title="Case conferences"
        subtitle={outboxListTypes.display(type)}
        icon={IconUsersGroup}
        description="Case conferences on referrals you sent, where you and the receiving team discuss the patient. A case conference stays open for 14 days."
        plannedFeatures={['Read and add to the discussion', 'See which case conferences have closed']}
      />
    );
  }
  return <ReferralListScreen source={{ box: 'outbox', type, ...narrowing }} />;
}
