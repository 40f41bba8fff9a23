import { and, eq } from 'drizzle-orm';
import { effectiveEmploymentStatus } from '@referrals/domain/people/employment-rules';
import { userTags, type StaffMember } from '@referrals/domain/people/employment-schemas';
import {
  employmentStatuses,
  roles,
  type EmploymentStatus,
  type Permission,
  type SubRole,
} from '@referrals/domain/people/people-codes';
import type { Queryable } from '../../db/database.ts';
import { employments, users } from '../../db/schema/people.ts';
import { actionedBy } from '../employments/employment-rows.ts';

/** The columns of a staff member's row: the employment and what the admin portal shows of the person. */
export const staffColumns = {
  employment: employments,
  user: {
    id: users.id,
    title: users.title,
    first_name: users.first_name,
    last_name: users.last_name,
    email: users.email,
    role: users.role,
    sub_role: users.sub_role,
  },
};

export type StaffRow = {
  employment: typeof employments.$inferSelect;
  user: {
    id: string;
    title: string;
    first_name: string;
    last_name: string;
    email: string;
    role: string | null;
    sub_role: string | null;
  };
};

/** One member of an establishment's staff as its account holder sees them, with the status it reads as now. */
export function toStaffMember({ employment: e, user }: StaffRow, now: Date): StaffMember {
  const status = effectiveEmploymentStatus(e.status as EmploymentStatus, e.invite_expires_at, now);
  return {
    id: e.id,
    user: {
      id: user.id,
      title: user.title,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      role: roles.isCode(user.role) ? roles.coded(user.role) : null,
      sub_role: user.sub_role as SubRole | null,
    },
    status: employmentStatuses.coded(status),
    priority: e.priority as 1 | 2 | 3,
    is_account_holder: e.is_account_holder,
    is_verified_employee: e.is_verified_employee,
    is_head_of_department: e.is_head_of_department,
    has_special_access: e.has_special_access,
    has_shared_inbox_access: e.has_shared_inbox_access,
    has_shared_outbox_access: e.has_shared_outbox_access,
    can_send_referral: e.can_send_referral,
    head_of_department_requested: e.head_of_department_requested,
    special_access_requested: e.special_access_requested,
    permissions: e.permissions as Permission[],
    user_tag: userTags.isCode(e.user_tag) ? e.user_tag : null,
    user_tag_other: e.user_tag_other,
    invite_expires_at: e.invite_expires_at?.toISOString() ?? null,
    created_at: e.created_at.toISOString(),
    actioned_by: actionedBy(e.actioned_by),
  };
}

/** The staff member with this employment id at this establishment; another establishment's is undefined. */
export async function loadStaffMember(
  q: Queryable,
  employmentId: string,
  establishmentId: string,
): Promise<StaffMember | undefined> {
  const [row] = await q
    .select(staffColumns)
    .from(employments)
    .innerJoin(users, eq(users.id, employments.user_id))
    .where(and(eq(employments.id, employmentId), eq(employments.establishment_id, establishmentId)));
  return row ? toStaffMember(row, new Date()) : undefined;
}
