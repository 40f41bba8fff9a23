import { useParams } from 'react-router';
import { ReferralFlowScreen } from '../flows/referral-flow';
import { triageFlow } from '../flows/triage/triage-flow';

/** /referrals/:id/triage: the receiver's five-page triage (spec sections 2 and 4). */
export function TriageReferralPage() {
  const { id = '' } = useParams();
  return <ReferralFlowScreen key={id} referralId={id} definition={triageFlow} />;
}
