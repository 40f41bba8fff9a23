import type { z } from 'zod';
import { defineCodeList } from '../codes.ts';

/**
 * Clinical report statuses (sections 3 and 4 Reports). The spec names only DRFT; the other codes
 * follow the referral status codes (SBMT, VWD) and add RVWD for reviewed.
 */
export const REPORT_STATUSES = {
  DRFT: 'Draft',
  SBMT: 'Submitted',
  VWD: 'Under review',
  RVWD: 'Reviewed',
} as const;
export const reportStatuses = defineCodeList(REPORT_STATUSES);
export const ReportStatusSchema = reportStatuses.schema;
export type ReportStatus = z.infer<typeof ReportStatusSchema>;
