import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import { withStoredFileCopies } from '../../files/file-store.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { applyReferralAction } from './apply-referral-action.ts';
import { insertSuccessorReferral } from './successor-referral.ts';
import type { FileStorage } from '../../files/storage.ts';

/**
 * POST referrals/{id}/clone/ (referral-lifecycle.md clone): a new draft with the same patient, receiver,
 * forms, messages and referrer attachments (files copied), and none of the receiver's data. Supplementary
 * attachments stay behind: they are added after submission, and a draft can have none. Returns the draft.
 */
export async function cloneReferral(
  db: Database,
  call: ReferralCall & { storage: FileStorage },
): Promise<Referral> {
  return withStoredFileCopies(call.storage, (copy) =>
    inVisibleReferral(db, { ...call, lock: true }, async (tx, referral, side) => {
      await applyReferralAction(tx, { call, referral, side, action: 'clone' });
      const created = await insertSuccessorReferral(tx, {
        call,
        source: referral,
        action: 'clone',
        fromEstablishmentId: referral.from_establishment_id ?? '',
        changes: { status: 'DRFT' },
        attachments: { kinds: ['referrer'], copy },
      });
      return referralDetail(tx, call.caller, created);
    }),
  );
}
