import type { Sex } from '@referrals/domain/patients/patient-codes';
import type {
  ReferralStatus,
  ReferralType,
  TriagePriority,
} from '@referrals/domain/referrals/referral-codes';
import type { ReportStatus } from '@referrals/domain/reports/report-codes';

// Our codes in HL7 v2's tables (docs/interop.md, HL7 v2). A coded field (CWE) carries the HL7 table's code
// first, for any receiver, and ours as the alternate under the local coding system, so nothing is lost
// where the tables are coarser than our codes (three of our statuses are all "pending").

/** What sends and receives the messages: MSH-3 of ours, the namespace of our ids (RF1-6, ORC-2). */
export const OUR_APPLICATION = 'REFERRALS';
/** HL7 table 0396's local coding system, for our own codes as a CWE's alternate. */
export const LOCAL_CODES = 'L';

/** Services Australia: the assigning authority of the IHI and the Medicare number (AU HL7 usage). */
export const MEDICARE_AUTHORITY = 'AUSHIC';
/** Services Australia's Medicare provider numbers: PRD-7's type and an XCN's assigning authority. */
export const PROVIDER_NUMBER_AUTHORITY = 'AUSHICPR';
/** The Department of Veterans' Affairs, assigning authority of DVA file numbers. */
export const DVA_AUTHORITY = 'AUSDVA';

/** OBX-3 of an embedded PDF: the Australian convention for a document's display format. */
export const PDF_OBSERVATION = ['PDF', 'Display format in PDF', 'AUSPDI'] as const;
/** OBR-4 of a referral letter and of a clinical report (LOINC). */
export const REFERRAL_NOTE = ['57133-1', 'Referral note', 'LN'] as const;
export const CONSULT_NOTE = ['11488-4', 'Consult note', 'LN'] as const;

type Coded = { code: string; display: string };

const PENDING: Coded = { code: 'P', display: 'Pending' };
const ACCEPTED: Coded = { code: 'A', display: 'Accepted' };
const REJECTED: Coded = { code: 'R', display: 'Rejected' };

/** RF1-1 (table 0283, referral status). A returned or forwarded referral was not taken up here. */
export const REFERRAL_STATUS_CODES: Record<ReferralStatus, Coded> = {
  DRFT: PENDING,
  SBMT: PENDING,
  VWD: PENDING,
  UPDT: PENDING,
  ACPT: ACCEPTED,
  SCHDL: ACCEPTED,
  WLST: ACCEPTED,
  RTRN: REJECTED,
  FWRD: REJECTED,
};

/** RF1-2 (table 0280, referral priority) from the triage priority: the table has no semi-urgent. */
export const TRIAGE_PRIORITY_CODES: Record<TriagePriority, Coded> = {
  URGENT: { code: 'A', display: 'ASAP' },
  SEMI_URGENT: { code: 'R', display: 'Routine' },
  ROUTINE: { code: 'R', display: 'Routine' },
};

/** RF1-3 (table 0281, referral type): pathology and imaging have their own; anything else is medical. */
export function referralTypeCode(type: ReferralType): Coded {
  if (type === 'PATHOLOGY') return { code: 'Lab', display: 'Laboratory' };
  if (type === 'IMAGING') return { code: 'Rad', display: 'Radiology' };
  return { code: 'Med', display: 'Medical' };
}

/** PID-8 (table 0001, administrative sex): non-binary and other are both O. */
export const SEX_CODES: Record<Sex, string> = { M: 'M', F: 'F', N: 'O', O: 'O', U: 'U' };

/** Our sex code for a received PID-8; A (ambiguous) is other, N (not applicable) and unknown codes none. */
export function sexOfCode(code: string): Sex | null {
  const upper = code.toUpperCase();
  if (upper === 'M' || upper === 'F' || upper === 'O' || upper === 'U') return upper;
  return upper === 'A' ? 'O' : null;
}

/** OBR-25 and OBX-11 (table 0085/0123): a draft letter or report is preliminary, anything sent final. */
export function resultStatus(status: ReferralStatus | ReportStatus): 'P' | 'F' {
  return status === 'DRFT' ? 'P' : 'F';
}
