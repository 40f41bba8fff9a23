import { inboxListTypes } from '@referrals/domain/referrals/referral-codes';
import { referralListFilter } from '@referrals/domain/referrals/referral-lists';
import { useParams } from 'react-router';
import { CaseConferenceListScreen } from '../case-conference-lists/case-conference-list-screen';
import { ReferralListScreen, useListNarrowing } from '../lists/referral-list-screen';

/** Referrals inbox at /referrals/inbox/:type (spec section 2); the router has checked the list type. */
export function ReferralInboxPage() {
  const { type } = useParams();
  const narrowing = useListNarrowing();
  if (!inboxListTypes.isCode(type)) return null;
  // The case-conference list types list the caller's conferences, not referrals.
  const conferenceStatus = referralListFilter('inbox', type)?.case_conference_status;
  if (conferenceStatus != null) return <CaseConferenceListScreen box="inbox" status={conferenceStatus} />;
  return <ReferralListScreen source={{ box: 'inbox', type, ...narrowing }} />;
}
