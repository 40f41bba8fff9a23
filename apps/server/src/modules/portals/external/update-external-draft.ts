import { eq, sql } from 'drizzle-orm';
import type {
  ExternalReferralDraft,
  ExternalReferralDraftWrite,
} from '@referrals/domain/portals/external-referral-schemas';
import type { Database } from '../../../db/database.ts';
import { externalReferralDrafts } from '../../../db/schema/portals.ts';
import { removeStoredFile } from '../../files/file-store.ts';
import { findDraft, openPortal, type DraftCall } from './draft-access.ts';
import { draftFormsToSave, removeClearedDraftFiles } from './draft-forms.ts';
import { draftAfterWrite } from './draft-write.ts';
import { draftView } from './draft-queries.ts';
import type { FileStorage } from '../../files/storage.ts';

/**
 * PATCH public/establishments/{id}/referrals/{ref}/ with the draft's secret: saves what the sender typed
 * since the last save (draft-write.ts), the draft held for the write; the forms as a referral's are saved
 * (draft-forms.ts), the files of file fields they cleared deleted. A sender type the portal does not take
 * answers 404, as the portal itself would.
 */
export async function updateExternalDraft(
  db: Database,
  options: { call: DraftCall; storage: FileStorage; body: ExternalReferralDraftWrite },
): Promise<ExternalReferralDraft> {
  const { call, body } = options;
  const { view, removed } = await db.transaction(async (tx) => {
    const { draft } = await findDraft(tx, call, { lock: true });
    if (body.sender_type) await openPortal(tx, call.establishmentId, body.sender_type);
    const { forms, clearedFileFields } = await draftFormsToSave(tx, draft.establishment_id, body.forms);
    const gone = await removeClearedDraftFiles(tx, draft.id, clearedFileFields);
    const [row] = await tx
      .update(externalReferralDrafts)
      .set({
        ...draftAfterWrite(draft, { ...body, forms }),
        updated_at: new Date(),
        version: sql`${externalReferralDrafts.version} + 1`,
      })
      .where(eq(externalReferralDrafts.id, draft.id))
      .returning();
    if (!row) throw new Error('draft update returned nothing');
    return { view: await draftView(tx, row), removed: gone };
  });
  // Files go once the rows are gone for good.
  for (const name of removed) await removeStoredFile(options.storage, name);
  return view;
}
