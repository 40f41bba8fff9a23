import { randomBytes } from 'node:crypto';
import type {
  ExternalDraftCreated,
  ExternalReferralDraftWrite,
} from '@referrals/domain/portals/external-referral-schemas';
import type { Database } from '../../../db/database.ts';
import { externalReferralDrafts } from '../../../db/schema/portals.ts';
import { throttled } from '../../../http/api-errors.ts';
import { hashToken } from '../../auth/one-time-tokens.ts';
import { hitBucket } from '../../rate-limits/rate-limit-buckets.ts';
import { openPortal } from './draft-access.ts';
import { draftFormsToSave } from './draft-forms.ts';
import { draftAfterWrite, EMPTY_DRAFT } from './draft-write.ts';
import { draftView } from './draft-queries.ts';

/** A draft lives a day (docs/portals.md): long enough to gather the letters, short for what it holds. */
export const DRAFT_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * New drafts per address: a practice's front desk behind one address sends a few an hour; a script making
 * drafts to mail codes from is held to one every three minutes once the first 20 are spent.
 */
const DRAFTS_PER_ADDRESS = { capacity: 20, drainMinutes: 60 };

/**
 * POST public/establishments/{id}/referrals/ (docs/portals.md, Sending a referral): a draft on the
 * establishment's published portal (else 404, also for a sender type it does not take) with what the body
 * already holds (its forms checked as a save checks them), and its secret: 32 random bytes, answered once, of which only the sha256 is kept. A 21st
 * draft within the hour from one address is a 429 and makes nothing. No audit row: no referral or patient
 * record exists yet, and the draft is the sender's own.
 */
export async function createExternalDraft(
  db: Database,
  options: { establishmentId: string; ip: string; body: ExternalReferralDraftWrite },
): Promise<ExternalDraftCreated> {
  const { body } = options;
  await openPortal(db, options.establishmentId, body.sender_type);
  // A new draft has no files yet: none to clear.
  const { forms } = await draftFormsToSave(db, options.establishmentId, body.forms);
  return db.transaction(async (tx) => {
    const hit = await hitBucket(tx, `portal-draft:ip:${options.ip}`, DRAFTS_PER_ADDRESS);
    if (!hit.allowed) throw throttled();
    const token = randomBytes(32).toString('base64url');
    const [draft] = await tx
      .insert(externalReferralDrafts)
      .values({
        ...draftAfterWrite(EMPTY_DRAFT, { ...body, forms }),
        establishment_id: options.establishmentId,
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + DRAFT_LIFETIME_MS),
      })
      .returning();
    if (!draft) throw new Error('draft insert returned nothing');
    return { draft: await draftView(tx, draft), draft_token: token };
  });
}
