import { and, eq, sql } from 'drizzle-orm';
import type { ReferralTag, ReferralTagWrite } from '@referrals/domain/referrals/referral-annotation-schemas';
import type { Database } from '../../../db/database.ts';
import { referralTags } from '../../../db/schema/referrals.ts';
import { notFound, validationFailed } from '../../../http/api-errors.ts';
import { isUuid } from '../../../http/ids.ts';
import type { ReferralCall } from '../referral-call.ts';
import { establishmentTags } from './referral-annotations.ts';
import { inAnnotatableReferral, type AnnotationScope } from './annotation-call.ts';

export const DUPLICATE_TAG_MESSAGE = 'The referral already has this tag.';

type TagCall = ReferralCall & { tagId: string };

/** Another tag of this establishment on the referral with the same label, whatever its case. */
async function checkLabelFree(scope: AnnotationScope, label: string, exceptId?: string) {
  const [same] = await scope.tx
    .select({ id: referralTags.id })
    .from(referralTags)
    .where(
      and(
        eq(referralTags.referral_id, scope.referral.id),
        eq(referralTags.establishment_id, scope.establishmentId),
        sql`lower(${referralTags.label}) = lower(${label})`,
      ),
    );
  if (same && same.id !== exceptId) throw validationFailed({ label: [DUPLICATE_TAG_MESSAGE] });
}

/** The tag by id, if it is this establishment's on this referral; anyone else's is a 404. */
async function ownTag(scope: AnnotationScope, tagId: string): Promise<ReferralTag> {
  const [tag] = isUuid(tagId)
    ? await establishmentTags(scope.tx, scope.establishmentId, scope.referral.id, tagId)
    : [];
  if (!tag) throw notFound();
  return tag;
}

/** POST referrals/{id}/tags/: tags the referral for the caller's establishment (my_tags finds it). */
export function addReferralTag(
  db: Database,
  options: ReferralCall & { body: ReferralTagWrite },
): Promise<ReferralTag> {
  const { body, ...call } = options;
  return inAnnotatableReferral(db, call, async (scope) => {
    await checkLabelFree(scope, body.label);
    const [tag] = await scope.tx
      .insert(referralTags)
      .values({
        referral_id: scope.referral.id,
        establishment_id: scope.establishmentId,
        user_id: call.caller.userId,
        label: body.label,
      })
      .returning({ id: referralTags.id });
    await scope.audit('referral.tag.create', tag!.id);
    return ownTag(scope, tag!.id);
  });
}

/** PATCH referrals/{id}/tags/{tagId}/: renames one of the establishment's tags. */
export function renameReferralTag(
  db: Database,
  options: TagCall & { body: ReferralTagWrite },
): Promise<ReferralTag> {
  const { body, tagId, ...call } = options;
  return inAnnotatableReferral(db, call, async (scope) => {
    const tag = await ownTag(scope, tagId);
    await checkLabelFree(scope, body.label, tag.id);
    await scope.tx.update(referralTags).set({ label: body.label }).where(eq(referralTags.id, tag.id));
    await scope.audit('referral.tag.update', tag.id);
    return ownTag(scope, tag.id);
  });
}

/** DELETE referrals/{id}/tags/{tagId}/: takes the tag off the referral. */
export function removeReferralTag(db: Database, options: TagCall): Promise<void> {
  const { tagId, ...call } = options;
  return inAnnotatableReferral(db, call, async (scope) => {
    const tag = await ownTag(scope, tagId);
    await scope.tx.delete(referralTags).where(eq(referralTags.id, tag.id));
    await scope.audit('referral.tag.delete', tag.id);
  });
}
