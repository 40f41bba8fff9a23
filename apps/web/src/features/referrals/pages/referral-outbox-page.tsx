import { outboxListTypes } from '@referrals/domain/referrals/referral-codes';
import { IconFilePencil, IconSend, IconUsersGroup } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';

/** Referrals outbox at /referrals/outbox/:type (spec section 2); the router has checked the list type. */
export function ReferralOutboxPage() {
  const { type } = useParams();
  const label = outboxListTypes.isCode(type) ? outboxListTypes.display(type) : undefined;
  if (type === 'drafts') {
    return (
      <ComingSoon
        title="Draft referrals"
        icon={IconFilePencil}
        description="Referrals you started but have not sent yet. Open one to finish and send it."
        plannedFeatures={['Continue a draft where you left off', 'Delete drafts you no longer need']}
      />
    );
  }
  if (type?.startsWith('case-conference')) {
    return (
      <ComingSoon
        title="Case conferences"
        subtitle={label}
        icon={IconUsersGroup}
        description="Case conferences on referrals you sent, where you and the receiving team discuss the patient. A case conference stays open for 14 days."
        plannedFeatures={['Read and add to the discussion', 'See which case conferences have closed']}
      />
    );
  }
  return (
    <ComingSoon
      title="Referrals outbox"
      subtitle={label}
      icon={IconSend}
      description="Referrals you and your establishment have sent, and where each one is up to."
      plannedFeatures={[
        'Filter by status: submitted, under review, accepted, scheduled, waitlisted, returned or forwarded',
        'Recall a referral or renew one that is about to expire',
        'Read clinical reports sent back to you',
      ]}
    />
  );
}
