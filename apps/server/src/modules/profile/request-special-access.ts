import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  SPECIAL_ACCESS_NOT_APPLICABLE_MESSAGE,
  allowsSpecialAccessRequest,
  type SpecialAccessUpdate,
} from '@referrals/domain/profile/special-access';
import type { Database } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments } from '../../db/schema/people.ts';
import { notFound, validationFailed } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

/**
 * PUT profile/special-access/ (registration page 4): the user's answers, head of department and special
 * access requested, on their own hospital and department employments, each with its audit row under that
 * establishment, in one transaction. Another user's employment is a 404; one where the question does not
 * apply a 400.
 */
export async function requestSpecialAccess(
  db: Database,
  options: { actor: AuditActor; answers: SpecialAccessUpdate },
): Promise<void> {
  const userId = options.actor.actorId ?? '';
  const answers = options.answers;
  const ids = [...new Set(answers.map((a) => a.employment_id))];
  await db.transaction(async (tx) => {
    const own =
      ids.length === 0
        ? []
        : await tx
            .select({
              id: employments.id,
              status: employments.status,
              type: establishments.type,
              establishmentId: establishments.id,
            })
            .from(employments)
            .innerJoin(establishments, eq(establishments.id, employments.establishment_id))
            // Ids that are not uuids are simply not found, like another user's.
            .where(and(eq(employments.user_id, userId), inArray(sql`${employments.id}::text`, ids)))
            .for('update', { of: employments });
    // Another user's employment answers like a missing one (api-conventions.md, 404).
    if (own.length !== ids.length) throw notFound();
    const notApplicable = own.filter(
      (e) => !allowsSpecialAccessRequest({ establishment: { type: e.type }, status: e.status }),
    );
    if (notApplicable.length > 0) {
      throw validationFailed({ employment_id: [SPECIAL_ACCESS_NOT_APPLICABLE_MESSAGE] });
    }
    for (const answer of answers) {
      await tx
        .update(employments)
        .set({
          head_of_department_requested: answer.head_of_department_requested,
          special_access_requested: answer.special_access_requested,
          updated_at: new Date(),
          version: sql`${employments.version} + 1`,
        })
        .where(eq(employments.id, answer.employment_id));
      const place = own.find((e) => e.id === answer.employment_id);
      await recordAudit(
        tx,
        { ...options.actor, establishmentId: place?.establishmentId ?? null },
        {
          action: 'employment.special-access-request',
          resourceType: 'employment',
          resourceId: answer.employment_id,
          detail: {
            head_of_department_requested: answer.head_of_department_requested,
            special_access_requested: answer.special_access_requested,
          },
        },
      );
    }
  });
}
