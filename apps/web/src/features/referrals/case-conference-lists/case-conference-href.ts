import { paths } from '@/lib/paths';

/**
 * The conference tab of a referral's page (spec section 2: /referrals/:id?tab=conference), with the list
 * it was opened from as `returnURL`, so the page's back link leads back to that list.
 */
export function caseConferenceHref(referralId: string, returnUrl: string): string {
  const query = new URLSearchParams({ tab: 'conference', returnURL: returnUrl });
  return `${paths.referrals.detail.getHref(referralId)}?${query.toString()}`;
}
