import { paths } from '@/lib/paths';

/**
 * The print view of one referral. Its route has no id segment (spec section 2: /referrals/pdf), so the id
 * travels as the `id` query, read back by the print page.
 */
export function printViewHref(referralId: string): string {
  return `${paths.public.referralPdf.getHref()}?${new URLSearchParams({ id: referralId }).toString()}`;
}
