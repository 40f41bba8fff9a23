import type { Database } from '../../../db/database.ts';
import { queueJob } from '../../../jobs/job-runner.ts';
import type { ReferralCall } from '../referral-call.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction } from './referral-action-run.ts';
import { queueRecordFiling, RECORD_FILING_QUEUED } from '../../clinical-record/file-referral-to-record.ts';

/** The job kind that uploads a referral to the receiver's clinical record system. */
export const EMR_UPLOAD_JOB = 'emr.upload';

export const EMR_UPLOAD_QUEUED = 'The referral will be uploaded to the EMR.';

/**
 * GET referrals/{id}/upload-to-emr/: the receiver side asks for a triaged referral to go to its EMR
 * (referral-lifecycle.md upload to EMR: 202, an integration job); the sender side of a referral started
 * from its clinical record files the letter back there (file_to_record, docs/clinical-record.md). The job
 * is queued in the same transaction as the history and audit rows, so it exists exactly when they do.
 */
export async function uploadReferralToEmr(db: Database, call: ReferralCall): Promise<{ detail: string }> {
  const side = await runReferralAction(db, call, async (tx, referral, side) => {
    if (side === 'sender') {
      await queueRecordFiling(tx, { call, referral, side });
      return side;
    }
    checkReferralAction('upload_to_emr', referral, side);
    await queueJob(tx, EMR_UPLOAD_JOB, { referral_id: referral.id, requested_by: call.caller.userId });
    await applyReferralAction(tx, { call, referral, side, action: 'upload_to_emr' });
    return side;
  });
  return { detail: side === 'sender' ? RECORD_FILING_QUEUED : EMR_UPLOAD_QUEUED };
}
