import { useParams } from 'react-router';
import { ReferralFlowScreen } from '../flows/referral-flow';
import { recallFlow } from '../flows/recall/recall-flow';

/** /referrals/:id/recall: the sender takes the referral back to a draft (spec sections 2 and 4). */
export function RecallReferralPage() {
  const { id = '' } = useParams();
  return <ReferralFlowScreen key={id} referralId={id} definition={recallFlow} />;
}
