import { useParams } from 'react-router';
import { ReferralFlowScreen } from '../flows/referral-flow';
import { renewFlow } from '../flows/renew/renew-flow';

/** /referrals/:id/renew: the sender renews an accepted, waitlisted or scheduled referral (spec section 4). */
export function RenewReferralPage() {
  const { id = '' } = useParams();
  return <ReferralFlowScreen key={id} referralId={id} definition={renewFlow} />;
}
