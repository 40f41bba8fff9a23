import type { z } from 'zod';
import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';

/**
 * The `mode` and `report_id` pair of a referral's document calls (the letter's PDF, its HL7 v2 message):
 * `mode=report` needs the report's id, and no other mode takes one, since a report id without mode=report
 * would quietly answer the referral in place of the report.
 */
export function checkReportMode(
  query: { mode: string; report_id?: string | undefined },
  context: z.RefinementCtx,
) {
  if (query.mode === 'report' && query.report_id === undefined)
    context.addIssue({ code: 'custom', path: ['report_id'], message: REQUIRED_MESSAGE });
  if (query.mode !== 'report' && query.report_id !== undefined)
    context.addIssue({ code: 'custom', path: ['report_id'], message: 'Only with mode=report.' });
}
