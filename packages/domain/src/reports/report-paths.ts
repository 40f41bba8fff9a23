/** Where a report's letter is (spec section 7: GET referrals/{id}/pdf/?mode=report&report_id=). */
export function reportLetterPath(referralId: string, reportId: string): string {
  return `/api/referrals/${encodeURIComponent(referralId)}/pdf/?mode=report&report_id=${encodeURIComponent(reportId)}`;
}
