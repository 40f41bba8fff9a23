import {
  REFERRAL_SENDER_FLAGS,
  REFERRAL_SENDER_TEXT_FIELDS,
  type ReferralWrite,
} from '@referrals/domain/referrals/referral-schemas';
import type { referrals } from '../../db/schema/referrals.ts';

export type ReferralInsert = typeof referrals.$inferInsert;

/** The columns a draft write sets: only the fields the body sends (a PATCH leaves the rest as they are). */
export function draftColumns(body: ReferralWrite): Partial<ReferralInsert> {
  const columns: Partial<ReferralInsert> = {};
  if (body.type !== undefined) columns.type = body.type;
  if (body.patient !== undefined) columns.patient_id = body.patient;
  if (body.to_establishment !== undefined) columns.to_establishment_id = body.to_establishment;
  if (body.assignee !== undefined) columns.assignee_id = body.assignee;
  if (body.referrer_message !== undefined) columns.referrer_message = body.referrer_message;
  if (body.medication_order !== undefined) columns.medication_order = body.medication_order;
  if (body.clinical_summary !== undefined) columns.clinical_summary = body.clinical_summary;
  if (body.duration !== undefined) columns.duration = body.duration;
  if (body.renewal_duration !== undefined) columns.renewal_duration = body.renewal_duration;
  for (const field of [...REFERRAL_SENDER_TEXT_FIELDS, ...REFERRAL_SENDER_FLAGS]) {
    const value = body[field];
    // Empty text is a cleared field (the wizard sends '' for one), stored as null.
    if (value !== undefined) Object.assign(columns, { [field]: value === '' ? null : value });
  }
  return columns;
}
