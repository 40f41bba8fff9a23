import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type {
  ExternalDraftAttachment,
  ExternalReferralDraft,
} from '@referrals/domain/portals/external-referral-schemas';
import type { PortalSenderType } from '@referrals/domain/portals/portal-schemas';
import type { Queryable } from '../../../db/database.ts';
import { externalDraftFiles } from '../../../db/schema/portals.ts';
import { notFound } from '../../../http/api-errors.ts';
import { isUuid } from '../../../http/ids.ts';
import type { DraftRow } from './draft-access.ts';

export type DraftFileRow = typeof externalDraftFiles.$inferSelect;

/** The files a draft still holds (not yet moved to its referral), oldest first. */
export function draftFiles(q: Queryable, draftId: string): Promise<DraftFileRow[]> {
  return q
    .select()
    .from(externalDraftFiles)
    .where(and(eq(externalDraftFiles.draft_id, draftId), isNotNull(externalDraftFiles.file)))
    .orderBy(asc(externalDraftFiles.created_at), asc(externalDraftFiles.id));
}

/** One file the draft holds, or the 404 of a missing one (another draft's file is missing here). */
export async function findDraftFile(q: Queryable, draftId: string, fileId: string): Promise<DraftFileRow> {
  if (!isUuid(fileId)) throw notFound();
  const [row] = await q
    .select()
    .from(externalDraftFiles)
    .where(
      and(
        eq(externalDraftFiles.id, fileId),
        eq(externalDraftFiles.draft_id, draftId),
        isNotNull(externalDraftFiles.file),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** A draft's file as the sender sees it: no stored name (the file is not served back). */
export function toDraftAttachment(row: DraftFileRow): ExternalDraftAttachment {
  return {
    id: row.id,
    original_name: row.original_name,
    content_type: row.content_type,
    size: row.size,
    field: row.field,
  };
}

/** The draft as its sender reads it back (ExternalReferralDraftSchema): never its token or code. */
export async function draftView(q: Queryable, draft: DraftRow): Promise<ExternalReferralDraft> {
  return {
    id: draft.id,
    sender_type: draft.sender_type as PortalSenderType | null,
    sender: draft.sender,
    patient: draft.patient,
    referrer_message: draft.referrer_message,
    forms: draft.forms,
    consent: draft.consent,
    attachments: (await draftFiles(q, draft.id)).map(toDraftAttachment),
    code_sent_at: draft.code_sent_at?.toISOString() ?? null,
    expires_at: draft.expires_at.toISOString(),
    submitted: draft.referral_id !== null,
  };
}
