import { eq } from 'drizzle-orm';
import {
  CLINICAL_RECORD_EXPIRED_MESSAGE,
  CLINICAL_RECORD_FAILED_MESSAGE,
  type ClinicalRecordFiling,
  type ReferralDocumentReference,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import type { Config } from '../../config.ts';
import type { Database, Transaction } from '../../db/database.ts';
import { clinicalRecordLaunches } from '../../db/schema/clinical-record.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { ApiError } from '../../http/api-errors.ts';
import { queueJob, type ClaimedJob } from '../../jobs/job-runner.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { applyReferralAction } from '../referrals/actions/apply-referral-action.ts';
import { renderReferralLetter } from '../referrals/letter/referral-letter.ts';
import { referralLetterOf } from '../referrals/read-referral-letter.ts';
import type { ReferralCall } from '../referrals/referral-call.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';
import { recordCall } from './read-record.ts';
import { recordSystemExpired } from './record-system-client.ts';
import { launchSession, refreshLaunchToken, type LaunchRow } from './record-session.ts';
import { referralDocumentReference } from './record-document.ts';

/** The job that files a referral letter back to the sender's clinical record. */
export const RECORD_FILING_JOB = 'clinical-record.file';
export const RECORD_FILING_QUEUED = 'The referral letter will be filed to your clinical record.';
/** Tries before the filing is given up: 30 s, 1, 2, 4 and 8 minutes apart (jobs/job-runner.ts). */
const RECORD_FILING_ATTEMPTS = 6;
const LAUNCH_ENDED =
  'The launch from your clinical record has ended. Download the letter for your record instead, or launch Referrals again.';

/**
 * upload-to-emr on the sender side of a referral started from a clinical record (docs/clinical-record.md):
 * queues the filing in the action's transaction, with its history and audit rows, and shows it as queued.
 */
export async function queueRecordFiling(
  tx: Transaction,
  options: { call: ReferralCall; referral: ReferralRow; side: ReferralSideOfCaller },
): Promise<void> {
  const filing: ClinicalRecordFiling = {
    status: 'queued',
    requested_at: new Date().toISOString(),
    filed_at: null,
    document_id: null,
    error: null,
  };
  const row = await applyReferralAction(tx, {
    ...options,
    action: 'file_to_record',
    changes: { clinical_record_filing: filing },
  });
  await queueJob(
    tx,
    RECORD_FILING_JOB,
    { referral_id: row.id, requested_by: options.call.caller.userId },
    { maxAttempts: RECORD_FILING_ATTEMPTS },
  );
}

/**
 * The job: the letter as a DocumentReference with the PDF, POSTed to the launch's FHIR server for the
 * launch's patient. A record system that fails is tried again with backoff (throwing); one that has expired
 * the launch, or a launch that has ended, fails the filing at once, since no retry can mend it. A filing
 * already done is not done twice (a job can run twice when a process dies mid-way).
 */
export async function runRecordFiling(db: Database, config: Config, job: ClaimedJob): Promise<void> {
  const referralId = String(job.payload.referral_id);
  const [referral] = await db.select().from(referrals).where(eq(referrals.id, referralId));
  if (!referral?.clinical_record_launch_id || referral.clinical_record_filing?.status === 'filed') return;
  const [launch] = await db
    .select()
    .from(clinicalRecordLaunches)
    .where(eq(clinicalRecordLaunches.id, referral.clinical_record_launch_id));
  if (!launch || launch.status !== 'authorized' || launch.expires_at < new Date() || !launch.patient_id) {
    return settleFiling(db, referral, { status: 'failed', error: LAUNCH_ENDED });
  }
  try {
    const document = await db.transaction(async (tx) => {
      const letter = await referralLetterOf(tx, referral);
      return referralDocumentReference({ letter, pdf: await renderReferralLetter(letter), launch });
    });
    const filed = await postDocument(db, config, launch, document);
    await settleFiling(db, referral, {
      status: 'filed',
      document_id: filed,
      actorId: String(job.payload.requested_by),
    });
  } catch (error) {
    const expired =
      error instanceof ApiError && (error.body as { code?: string }).code === 'clinical_record_expired';
    if (expired)
      return settleFiling(db, referral, { status: 'failed', error: CLINICAL_RECORD_EXPIRED_MESSAGE });
    // The next try comes with the runner's backoff; the sender sees the filing as queued until then.
    throw error;
  }
}

/** After the last try failed: the filing says so, and the sender can file again or download the letter. */
export async function giveUpRecordFiling(db: Database, job: ClaimedJob): Promise<void> {
  const [referral] = await db
    .select()
    .from(referrals)
    .where(eq(referrals.id, String(job.payload.referral_id)));
  if (referral && referral.clinical_record_filing?.status !== 'filed') {
    await settleFiling(db, referral, { status: 'failed', error: CLINICAL_RECORD_FAILED_MESSAGE });
  }
}

/** The POST, once more with a refreshed token when the record system says the token has expired. */
async function postDocument(
  db: Database,
  config: Config,
  launch: LaunchRow,
  document: ReferralDocumentReference,
): Promise<string | null> {
  const session = await launchSession(db, config, launch);
  const post = () => recordCall(session, 'POST', 'DocumentReference', document);
  const created = (await post().catch(async (error: unknown) => {
    const expired =
      error instanceof ApiError && (error.body as { code?: string }).code === 'clinical_record_expired';
    if (!expired || !launch.refresh_token) throw error;
    session.accessToken = await refreshLaunchToken(db, session.client, launch);
    return post();
  })) as { id?: string } | undefined;
  // A 403 or 404 (undefined): the record system would not take it; tried again like any failure.
  if (created === undefined) throw recordSystemExpired();
  return created.id ?? null;
}

async function settleFiling(
  db: Database,
  referral: ReferralRow,
  outcome:
    { status: 'filed'; document_id: string | null; actorId: string } | { status: 'failed'; error: string },
): Promise<void> {
  const previous = referral.clinical_record_filing;
  const filing: ClinicalRecordFiling = {
    status: outcome.status,
    requested_at: previous?.requested_at ?? new Date().toISOString(),
    filed_at: outcome.status === 'filed' ? new Date().toISOString() : null,
    document_id: outcome.status === 'filed' ? outcome.document_id : null,
    error: outcome.status === 'failed' ? outcome.error : null,
  };
  await db.transaction(async (tx) => {
    await tx.update(referrals).set({ clinical_record_filing: filing }).where(eq(referrals.id, referral.id));
    await recordAudit(
      tx,
      {
        actorId: outcome.status === 'filed' ? outcome.actorId : null,
        establishmentId: referral.from_establishment_id,
        ip: null,
        requestId: null,
      },
      {
        action: 'clinical-record.file',
        resourceType: 'referral',
        resourceId: referral.id,
        patientId: referral.patient_id,
        outcome: outcome.status === 'filed' ? 'success' : 'failure',
        detail: outcome.status === 'filed' ? { document_id: outcome.document_id } : { reason: outcome.error },
      },
    );
  });
}
