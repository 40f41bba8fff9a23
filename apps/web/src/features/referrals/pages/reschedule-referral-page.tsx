import { useParams } from 'react-router';
import { ReferralFlowScreen } from '../flows/referral-flow';
import { rescheduleFlow } from '../flows/reschedule/reschedule-flow';

/** /referrals/:id/reschedule: the receiver moves a booked appointment (spec sections 2 and 4). */
export function RescheduleReferralPage() {
  const { id = '' } = useParams();
  return <ReferralFlowScreen key={id} referralId={id} definition={rescheduleFlow} />;
}
