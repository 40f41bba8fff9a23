import { and, eq } from 'drizzle-orm';
import type { EstablishmentType } from '@referrals/domain/establishments/establishment-codes';
import { canSeeImportQueue, type AccessContext } from '@referrals/domain/people/access-rules';
import { personName } from '@referrals/domain/people/person-name';
import type { EmploymentStatus, Permission, Role, SubRole } from '@referrals/domain/people/people-codes';
import type { Queryable } from '../../../db/database.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { employments, users } from '../../../db/schema/people.ts';
import { validationFailed } from '../../../http/api-errors.ts';

export const ASSIGNEE_NOT_IN_QUEUE = 'Choose a colleague at this establishment who accepts referrals.';

/**
 * The person an item may be assigned to: approved at the item's establishment and one who works its queue
 * by the same rule as the caller (canSeeImportQueue), so an item is never handed to someone who cannot
 * open it. Anyone else is a field error, never a 500 or a 404.
 */
export async function queueColleague(
  q: Queryable,
  options: { establishmentId: string; userId: string; flags: AccessContext['flags'] },
): Promise<{ id: string; name: string }> {
  const [found] = await q
    .select({
      user: {
        id: users.id,
        title: users.title,
        first_name: users.first_name,
        last_name: users.last_name,
        role: users.role,
        sub_role: users.sub_role,
      },
      employment: employments,
      establishmentType: establishments.type,
    })
    .from(employments)
    .innerJoin(users, eq(users.id, employments.user_id))
    .innerJoin(establishments, eq(establishments.id, employments.establishment_id))
    .where(
      and(
        eq(employments.user_id, options.userId),
        eq(employments.establishment_id, options.establishmentId),
        eq(employments.status, 'APPROVED'),
      ),
    )
    .limit(1);
  const worksQueue =
    found !== undefined &&
    canSeeImportQueue({
      role: found.user.role as Role | null,
      sub_role: found.user.sub_role as SubRole | null,
      permissions: found.employment.permissions as Permission[],
      establishmentType: found.establishmentType as EstablishmentType,
      employment: { ...found.employment, status: found.employment.status as EmploymentStatus },
      flags: options.flags,
    });
  if (!found || !worksQueue) throw validationFailed({ assignee: [ASSIGNEE_NOT_IN_QUEUE] });
  return { id: found.user.id, name: personName(found.user) };
}
