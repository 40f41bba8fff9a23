import { ReferralListScreen } from '../lists/referral-list-screen';

/** Archive at /referrals/archive (spec section 2): what either side of the establishment archived. */
export function ArchivePage() {
  return <ReferralListScreen source={{ box: 'archive' }} />;
}
