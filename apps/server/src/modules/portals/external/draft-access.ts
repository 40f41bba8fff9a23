import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DRAFT_TOKEN_HEADER,
  type ExternalReferralDraft,
} from '@referrals/domain/portals/external-referral-schemas';
import type { PortalSenderType } from '@referrals/domain/portals/portal-schemas';
import type { Queryable } from '../../../db/database.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { externalReferralDrafts } from '../../../db/schema/portals.ts';
import { notFound } from '../../../http/api-errors.ts';
import { isUuid } from '../../../http/ids.ts';
import { hashToken } from '../../auth/one-time-tokens.ts';
import { publishedPortals } from '../portal-queries.ts';

export type DraftRow = typeof externalReferralDrafts.$inferSelect;

/** The portal a draft is written on, as the draft's calls need it. */
export type DraftPortal = { id: string; name: string; senderTypes: PortalSenderType[] };

/** The portal's establishment, and a draft on it; strings, so a malformed id is the 404 of a missing one. */
export const PortalParamsSchema = z.object({ id: z.string() });
export const DraftParamsSchema = PortalParamsSchema.extend({ ref: z.string() });
/** The draft's secret, answered once when it was made; without it (or with another) the draft is a 404. */
export const DraftTokenHeadersSchema = z.looseObject({ [DRAFT_TOKEN_HEADER]: z.string().optional() });

/** A call about one draft: the portal's establishment and the draft from the path, the secret from the header. */
export type DraftCall = { establishmentId: string; draftId: string; token: string };

/** The draft call of a request to …/referrals/{ref}/…; an absent header is an empty token (a 404 later). */
export function draftCallOf(
  request: Pick<FastifyRequest, 'headers'> & { params: { id: string; ref: string } },
): DraftCall {
  const header = request.headers[DRAFT_TOKEN_HEADER];
  return {
    establishmentId: request.params.id,
    draftId: request.params.ref,
    token: typeof header === 'string' ? header : '',
  };
}

/**
 * The establishment's published portal (portal-queries.ts: on, with a slug, approved) when it takes
 * referrals from `senderType` (when one is given); else the 404 of a missing one, so the public learns
 * nothing about an establishment whose portal is off.
 */
export async function openPortal(
  q: Queryable,
  establishmentId: string,
  senderType?: string | null,
): Promise<DraftPortal> {
  if (!isUuid(establishmentId)) throw notFound();
  const [row] = await q
    .select({
      id: establishments.id,
      name: establishments.name,
      senderTypes: establishments.portal_sender_types,
    })
    .from(establishments)
    .where(and(eq(establishments.id, establishmentId), publishedPortals()));
  const portal = row && { ...row, senderTypes: row.senderTypes as PortalSenderType[] };
  if (!portal || !takesSender(portal, senderType)) throw notFound();
  return portal;
}

const takesSender = (portal: DraftPortal, senderType: string | null | undefined) =>
  !senderType || portal.senderTypes.includes(senderType as PortalSenderType);

/**
 * The draft a call names, with its portal, or the same 404 for every reason it cannot be had: a wrong or
 * missing token, another establishment's draft, an expired draft, a submitted one (unless `submitted` is
 * allowed: a repeated submit answers the referral it became), a portal switched off or no longer taking the
 * draft's sender type. The draft is found by its token's hash, so a guessed id opens nothing. `lock` holds
 * it FOR UPDATE until the caller's transaction ends.
 */
export async function findDraft(
  q: Queryable,
  call: DraftCall,
  options: { lock?: boolean; submitted?: 'allowed'; now?: Date } = {},
): Promise<{ draft: DraftRow; portal: DraftPortal }> {
  if (!isUuid(call.establishmentId) || !isUuid(call.draftId) || !call.token) throw notFound();
  const d = externalReferralDrafts;
  const conditions: (SQL | undefined)[] = [
    eq(d.id, call.draftId),
    eq(d.establishment_id, call.establishmentId),
    eq(d.token_hash, hashToken(call.token)),
    gt(d.expires_at, options.now ?? new Date()),
    options.submitted === 'allowed' ? undefined : isNull(d.referral_id),
  ];
  const query = q
    .select()
    .from(d)
    .where(and(...conditions));
  const [draft] = options.lock ? await query.for('update') : await query;
  if (!draft) throw notFound();
  return { draft, portal: await openPortal(q, call.establishmentId, draft.sender_type) };
}

/** The draft's answers as the submit rules read them (externalReferralProblems). */
export function draftAnswers(
  draft: DraftRow,
): Pick<ExternalReferralDraft, 'sender_type' | 'sender' | 'patient' | 'referrer_message' | 'consent'> {
  return {
    sender_type: draft.sender_type as PortalSenderType | null,
    sender: draft.sender,
    patient: draft.patient,
    referrer_message: draft.referrer_message,
    consent: draft.consent,
  };
}
