import { and, asc, count, eq } from 'drizzle-orm';
import type { PageQuery } from '@referrals/domain/api';
import type { Attachment, AttachmentKind } from '@referrals/domain/referrals/forms/attachment-schemas';
import type { Database, Queryable } from '../../../db/database.ts';
import { referralAttachments } from '../../../db/schema/referrals.ts';
import { notFound } from '../../../http/api-errors.ts';
import { pageWindow } from '../../../http/paging.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { toAttachment, type AttachmentRow } from './attachment-rules.ts';

const ofKind = (referralId: string, kind: AttachmentKind) =>
  and(eq(referralAttachments.referral_id, referralId), eq(referralAttachments.kind, kind));

/** One page of a referral's attachments of one kind, oldest first; every side that sees the referral reads. */
export async function listReferralAttachments(
  db: Database,
  options: ReferralCall & { kind: AttachmentKind; query: PageQuery },
): Promise<{ count: number; results: Attachment[] }> {
  return inVisibleReferral(db, options, async (tx, referral, side) => {
    const where = ofKind(referral.id, options.kind);
    const [total] = await tx.select({ n: count() }).from(referralAttachments).where(where);
    const { limit, offset } = pageWindow(options.query);
    const rows = await tx
      .select()
      .from(referralAttachments)
      .where(where)
      .orderBy(asc(referralAttachments.created_at), asc(referralAttachments.id))
      .limit(limit)
      .offset(offset);
    return { count: total?.n ?? 0, results: rows.map((row) => toAttachment(row, referral, side)) };
  });
}

/** The attachment of that kind on the referral; 404 when there is none (another referral's included). */
export async function findReferralAttachment(
  q: Queryable,
  referralId: string,
  kind: AttachmentKind,
  attachmentId: string,
): Promise<AttachmentRow> {
  const [row] = await q
    .select()
    .from(referralAttachments)
    .where(and(ofKind(referralId, kind), eq(referralAttachments.id, attachmentId)));
  if (!row) throw notFound();
  return row;
}

/** One attachment through the referral's visibility check, with its row (for downloads); 404 otherwise. */
export async function readReferralAttachment(
  db: Database,
  options: ReferralCall & { kind: AttachmentKind; attachmentId: string },
): Promise<{ attachment: Attachment; row: AttachmentRow }> {
  return inVisibleReferral(db, options, async (tx, referral, side) => {
    const row = await findReferralAttachment(tx, referral.id, options.kind, options.attachmentId);
    return { attachment: toAttachment(row, referral, side), row };
  });
}

/** Every attachment row of one kind, for the supplementary zip. */
export async function allReferralAttachments(
  db: Database,
  options: ReferralCall & { kind: AttachmentKind },
): Promise<AttachmentRow[]> {
  return inVisibleReferral(db, options, (tx, referral) =>
    tx
      .select()
      .from(referralAttachments)
      .where(ofKind(referral.id, options.kind))
      .orderBy(asc(referralAttachments.created_at), asc(referralAttachments.id)),
  );
}
