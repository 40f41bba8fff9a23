import { ReferralListScreen } from '../lists/referral-list-screen';

/** Deleted Items at /referrals/trash (spec section 2): what either side of the establishment deleted. */
export function TrashPage() {
  return <ReferralListScreen source={{ box: 'trash' }} />;
}
