/** The API address of a referral's letter (GET referrals/{id}/pdf/), for the screens and the lists' `pdf`. */
export function referralLetterPath(id: string): string {
  return `/api/referrals/${encodeURIComponent(id)}/pdf/`;
}

/** The API address of a referral as an HL7 v2 REF^I12 message (GET referrals/{id}/hl7/; docs/interop.md). */
export function referralMessagePath(id: string): string {
  return `/api/referrals/${encodeURIComponent(id)}/hl7/`;
}
