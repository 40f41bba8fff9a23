import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fieldErrorsFromIssues } from '@referrals/domain/api';
import {
  actionRefusedMessage,
  effectiveEmploymentStatus,
  isClosedStatus,
  statusAfter,
} from '@referrals/domain/people/employment-rules';
import {
  UserTagUpdateSchema,
  userTags,
  type StaffMember,
  type StaffUpdate,
} from '@referrals/domain/people/employment-schemas';
import { employmentStatuses, type EmploymentStatus } from '@referrals/domain/people/people-codes';
import type { Database } from '../../db/database.ts';
import { employments, users } from '../../db/schema/people.ts';
import { conflict, notFound, validationFailed, type ApiError } from '../../http/api-errors.ts';
import { auditActorOf, recordAudit } from '../audit/record-audit.ts';
import { isUuid } from '../../http/ids.ts';
import { loadStaffMember, staffColumns } from '../employments/staff-member.ts';

/** The 409 when an account holder tries to revoke their own employment. */
export const SELF_REVOKE_MESSAGE =
  'You cannot revoke your own employment. Another account holder of this establishment can.';

/** The grants an account holder gives, as StaffUpdateSchema names them. */
const GRANT_FIELDS = [
  'has_shared_inbox_access',
  'has_shared_outbox_access',
  'can_send_referral',
  'is_head_of_department',
  'has_special_access',
  'permissions',
] as const;

type EmploymentValues = Partial<typeof employments.$inferInsert>;

/**
 * PATCH admin/users/{id}/: the account holder of the caller's current establishment approves, rejects or
 * revokes (EMPLOYMENT_ACTIONS, actioned by ESTABLISHMENT) and sets the grants and the user tag. Staff of
 * another establishment are the 404 of a missing one and nothing changes; a status the action does not
 * apply to is 409 (an invitation past its date is written INVITE_EXPIRED first).
 */
export async function updateStaff(options: {
  db: Database;
  request: FastifyRequest;
  callerId: string;
  establishmentId: string;
  employmentId: string;
  update: StaffUpdate;
}): Promise<StaffMember> {
  const { db, request, callerId, establishmentId, employmentId, update } = options;
  if (!isUuid(employmentId)) throw notFound();
  const actor = auditActorOf(request, { userId: callerId, establishmentId });
  const outcome = await db.transaction(async (tx): Promise<{ refused: ApiError } | { done: true }> => {
    const [found] = await tx
      .select(staffColumns)
      .from(employments)
      .innerJoin(users, eq(users.id, employments.user_id))
      .where(and(eq(employments.id, employmentId), eq(employments.establishment_id, establishmentId)))
      .for('update', { of: employments });
    if (!found) throw notFound();
    const row = found.employment;
    const status = effectiveEmploymentStatus(
      row.status as EmploymentStatus,
      row.invite_expires_at,
      new Date(),
    );
    const coded = employmentStatuses.coded(status);
    const bump = { updated_at: new Date(), version: sql`${employments.version} + 1` };

    if (row.status === 'INVITED' && status === 'INVITE_EXPIRED') {
      await tx
        .update(employments)
        .set({ status, ...bump })
        .where(eq(employments.id, row.id));
      await recordAudit(tx, actor, {
        action: 'employment.invite-expire',
        resourceType: 'employment',
        resourceId: row.id,
      });
      if (update.action) return { refused: conflict(actionRefusedMessage(update.action, status), coded) };
    }

    const values: EmploymentValues = {};
    let to: EmploymentStatus | null = null;
    if (update.action) {
      if (update.action === 'revoke' && row.user_id === callerId) throw conflict(SELF_REVOKE_MESSAGE, coded);
      to = statusAfter(update.action, status);
      if (to === null) throw conflict(actionRefusedMessage(update.action, status), coded);
      values.status = to;
      values.actioned_by = 'ESTABLISHMENT';
      if (update.action === 'approve') values.is_verified_employee = true;
    }

    const grants: EmploymentValues = {};
    for (const field of GRANT_FIELDS) {
      const value = update[field];
      if (value === undefined) continue;
      if (field === 'permissions') grants.permissions = [...new Set(value as string[])];
      else grants[field] = value as boolean;
    }
    if (update.user_tag !== undefined || update.user_tag_other !== undefined) {
      const tag = UserTagUpdateSchema.safeParse({
        user_tag:
          update.user_tag !== undefined
            ? update.user_tag
            : userTags.isCode(row.user_tag)
              ? row.user_tag
              : null,
        user_tag_other: update.user_tag_other !== undefined ? update.user_tag_other : row.user_tag_other,
      });
      if (!tag.success) throw validationFailed(fieldErrorsFromIssues(tag.error.issues));
      grants.user_tag = tag.data.user_tag;
      grants.user_tag_other = tag.data.user_tag_other;
    }
    const granting = Object.keys(grants).length > 0;
    if (granting && isClosedStatus(status)) {
      throw conflict(
        `This employment is ${status.toLowerCase().replace('_', ' ')} and its access cannot be changed.`,
        coded,
      );
    }
    if (!to && !granting) return { done: true };

    await tx
      .update(employments)
      .set({ ...values, ...grants, ...bump })
      .where(eq(employments.id, row.id));
    if (update.action && to) {
      await recordAudit(tx, actor, {
        action: `employment.${update.action}`,
        resourceType: 'employment',
        resourceId: row.id,
        detail: { user_id: row.user_id, from: status, to },
      });
    }
    if (granting) {
      const changed = Object.fromEntries(
        Object.entries(grants).map(([field, value]) => [
          field,
          { from: row[field as keyof typeof row] ?? null, to: value ?? null },
        ]),
      );
      await recordAudit(tx, actor, {
        action: 'employment.grants',
        resourceType: 'employment',
        resourceId: row.id,
        detail: { user_id: row.user_id, changed },
      });
    }
    return { done: true };
  });
  if ('refused' in outcome) throw outcome.refused;
  const member = await loadStaffMember(db, employmentId, establishmentId);
  if (!member) throw notFound();
  return member;
}
