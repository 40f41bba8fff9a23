import { outboxListTypes } from '@referrals/domain/referrals/referral-codes';
import { referralListFilter } from '@referrals/domain/referrals/referral-lists';
import { useParams } from 'react-router';
import { CaseConferenceListScreen } from '../case-conference-lists/case-conference-list-screen';
import { ReferralListScreen, useListNarrowing } from '../lists/referral-list-screen';

/** Referrals outbox at /referrals/outbox/:type (spec section 2); the router has checked the list type. */
export function ReferralOutboxPage() {
  const { type } = useParams();
  const narrowing = useListNarrowing();
  if (!outboxListTypes.isCode(type)) return null;
  // The case-conference list types list the caller's conferences, not referrals.
  const conferenceStatus = referralListFilter('outbox', type)?.case_conference_status;
  if (conferenceStatus != null) return <CaseConferenceListScreen box="outbox" status={conferenceStatus} />;
  return <ReferralListScreen source={{ box: 'outbox', type, ...narrowing }} />;
}
