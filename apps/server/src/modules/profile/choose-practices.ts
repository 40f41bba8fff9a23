import { and, eq, inArray } from 'drizzle-orm';
import type { Role } from '@referrals/domain/people/people-codes';
import { defaultPermissionsFor } from '@referrals/domain/people/default-permissions';
import type { Database } from '../../db/database.ts';
import { employments, users } from '../../db/schema/people.ts';
import { validationFailed } from '../../http/api-errors.ts';
import { employmentsOf } from '../employments/employment-rows.ts';
import { checkJoinRequest, readableEstablishment } from '../employments/join-request.ts';
import type { Caller } from '../tenancy/caller.ts';

/**
 * Registration step 2 (PUT profile/practices/): the chosen practices, primary first, replace the choices
 * made earlier in the same unfinished registration, in one transaction. Each passes the join-request
 * checks (approved, not a personal space, accepting join requests, a verified department), one after the
 * other. The employment is UNVERIFIED: it reaches the establishment but not its patients until the account
 * holder approves it (canSeePatientData).
 */
export async function choosePractices(options: {
  db: Database;
  caller: Caller;
  role: Role | null | undefined;
  chosen: readonly string[];
}): Promise<void> {
  const { caller, chosen } = options;
  await options.db.transaction(async (tx) => {
    await tx
      .delete(employments)
      .where(and(eq(employments.user_id, caller.userId), inArray(employments.priority, [1, 2])));
    for (const establishmentId of chosen) {
      const place = await readableEstablishment(tx, caller, establishmentId);
      if (!place) throw validationFailed({ practices: ['Choose a practice from the list.'] });
      const check = checkJoinRequest(place, await employmentsOf(tx, caller.userId, new Date()));
      if ('errors' in check) {
        // The registration form has one field for its choices: the join request's message goes there.
        const messages = Object.values(check.errors)
          .flat()
          .filter((message): message is string => typeof message === 'string');
        throw validationFailed({ practices: messages });
      }
      await tx.insert(employments).values({
        user_id: caller.userId,
        establishment_id: establishmentId,
        priority: check.priority,
        status: 'UNVERIFIED',
        permissions: defaultPermissionsFor(options.role),
      });
    }
    await tx.update(users).set({ current_establishment_id: chosen[0] }).where(eq(users.id, caller.userId));
  });
}
