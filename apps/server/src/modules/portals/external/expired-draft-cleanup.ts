import { inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../../db/database.ts';
import {
  externalDraftFiles,
  externalReferralDrafts,
  usedCaptchaChallenges,
} from '../../../db/schema/portals.ts';
import { registerDailyJob } from '../../../jobs/daily-job.ts';
import { removeStoredFile } from '../../files/file-store.ts';
import type { FileStorage } from '../../files/storage.ts';

export const DRAFT_CLEANUP_JOB = 'portals.draft-cleanup';

async function removeSpentCaptchas(tx: Transaction, now: Date): Promise<number> {
  const rows = await tx
    .delete(usedCaptchaChallenges)
    .where(lt(usedCaptchaChallenges.expires_at, now))
    .returning({ signature: usedCaptchaChallenges.signature });
  return rows.length;
}

/**
 * Deletes the portal drafts past their day (submitted or not: a submitted one's referral holds what it
 * had) with their files, and the spent captcha challenges past their expiry, which would be refused
 * anyway. The rows go in one transaction, then the files no row names any more; a submit that moved a
 * draft's files in the meantime left those rows naming none. Answers what it removed, for the log.
 */
export async function removeExpiredDrafts(
  db: Database,
  storage: FileStorage,
  now = new Date(),
): Promise<{ drafts: number; files: number; captchas: number }> {
  const removed = await db.transaction(async (tx) => {
    // Held first, so an upload or submit under way on one of them finishes before its files are read.
    const expired = await tx
      .select({ id: externalReferralDrafts.id })
      .from(externalReferralDrafts)
      .where(lt(externalReferralDrafts.expires_at, now))
      .for('update');
    const ids = expired.map((row) => row.id);
    if (ids.length === 0) return { drafts: 0, files: [], captchas: await removeSpentCaptchas(tx, now) };
    const files = await tx
      .delete(externalDraftFiles)
      .where(inArray(externalDraftFiles.draft_id, ids))
      .returning({ file: externalDraftFiles.file });
    await tx.delete(externalReferralDrafts).where(inArray(externalReferralDrafts.id, ids));
    const captchas = await removeSpentCaptchas(tx, now);
    return { drafts: ids.length, files: files.map((row) => row.file), captchas };
  });
  const stored = removed.files.filter((file): file is string => file !== null);
  for (const file of stored) await removeStoredFile(storage, file);
  return { drafts: removed.drafts, files: stored.length, captchas: removed.captchas };
}

/** Daily at 4 am Sydney time (jobs/daily-job.ts), after the import text sweep. */
export function registerDraftCleanupJob(app: FastifyInstance): void {
  registerDailyJob(app, {
    kind: DRAFT_CLEANUP_JOB,
    hour: 4,
    run: () => removeExpiredDrafts(app.database.db, app.storage),
    done: 'expired portal drafts and spent captchas removed',
    describe: 'the portal draft cleanup',
  });
}
