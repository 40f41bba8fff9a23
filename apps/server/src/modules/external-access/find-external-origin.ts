import type { ExternalOrigin } from '@referrals/domain/external-access/external-access-schemas';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/api-errors.ts';
import { findVisibleReferral } from '../referrals/referral-queries.ts';
import type { Caller } from '../tenancy/caller.ts';
import { findAccessLink } from './access-link-lookup.ts';

/**
 * GET referrals/external-origin/?token= (spec sections 2 /referrals/external-origin, 7; docs/external-access.md):
 * a signed-in person who followed an access link is taken to the referral in the app when the app's own
 * rules let them see it (referral-visibility.ts). The token only names the referral, so an expired or locked
 * link still does; an unknown token, or a referral they may not see, is the 404 of a missing one.
 */
export async function findExternalOrigin(
  db: Database,
  options: { caller: Caller; token: string },
): Promise<ExternalOrigin> {
  const link = await findAccessLink(db, options.token);
  const referral = link ? await findVisibleReferral(db, options.caller, link.referral_id) : undefined;
  if (!referral) throw notFound();
  return { referral: { id: referral.id } };
}
