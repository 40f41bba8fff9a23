/** Where a report's letter is (spec section 7: GET referrals/{id}/pdf/?mode=report&report_id=). */
export function reportLetterPath(referralId: string, reportId: string): string {
  return `/api/referrals/${encodeURIComponent(referralId)}/pdf/?mode=report&report_id=${encodeURIComponent(reportId)}`;
}

/** A report as an HL7 v2 ORU^R01 message (GET referrals/{id}/hl7/?mode=report&report_id=; docs/interop.md). */
export function reportMessagePath(referralId: string, reportId: string): string {
  return `/api/referrals/${encodeURIComponent(referralId)}/hl7/?mode=report&report_id=${encodeURIComponent(reportId)}`;
}
