import { useParams } from 'react-router';
import { ReferralFlowScreen } from '../flows/referral-flow';
import { forwardFlow } from '../flows/forward/forward-flow';

/** /referrals/:id/forward: the receiver sends the referral on to another establishment (spec sections 2 and 4). */
export function ForwardReferralPage() {
  const { id = '' } = useParams();
  return <ReferralFlowScreen key={id} referralId={id} definition={forwardFlow} />;
}
