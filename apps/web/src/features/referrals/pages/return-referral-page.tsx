import { useParams } from 'react-router';
import { ReferralFlowScreen } from '../flows/referral-flow';
import { returnFlow } from '../flows/return/return-flow';

/** /referrals/:id/return: the receiver sends the referral back (spec sections 2 and 4). */
export function ReturnReferralPage() {
  const { id = '' } = useParams();
  return <ReferralFlowScreen key={id} referralId={id} definition={returnFlow} />;
}
