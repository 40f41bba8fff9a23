/** The API address of a referral's letter (GET referrals/{id}/pdf/), for the screens and the lists' `pdf`. */
export function referralLetterPath(id: string): string {
  return `/api/referrals/${encodeURIComponent(id)}/pdf/`;
}
