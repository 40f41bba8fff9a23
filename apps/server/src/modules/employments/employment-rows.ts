import { and, eq, sql } from 'drizzle-orm';
import { establishmentTypes, type AuState } from '@referrals/domain/establishments/establishment-codes';
import { effectiveEmploymentStatus } from '@referrals/domain/people/employment-rules';
import {
  employmentActionedBy,
  employmentStatuses,
  type EmploymentStatus,
} from '@referrals/domain/people/people-codes';
import type { Employment } from '@referrals/domain/profile/profile-schemas';
import type { Queryable } from '../../db/database.ts';
import type { establishments } from '../../db/schema/establishments.ts';
import { employments, users } from '../../db/schema/people.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { employmentsWithEstablishments } from '../tenancy/user-employments.ts';

/**
 * Reading and writing employment rows for the employment and admin calls: a person's employments with the
 * status they read as now (an invitation past its date is INVITE_EXPIRED), the row lock that serialises a
 * person's changes, and the mapping to the profile's Employment.
 */

export type EmploymentRow = typeof employments.$inferSelect;
export type EstablishmentRow = typeof establishments.$inferSelect;

/** An employment with its establishment and the status it reads as at `now`. */
export type LoadedEmployment = {
  row: EmploymentRow;
  place: EstablishmentRow;
  status: EmploymentStatus;
  /** The shape the section 4 rules take (EmploymentLike). */
  priority: number;
  id: string;
  establishment: { id: string };
};

export function loaded(row: EmploymentRow, place: EstablishmentRow, now: Date): LoadedEmployment {
  return {
    row,
    place,
    status: effectiveEmploymentStatus(row.status as EmploymentStatus, row.invite_expires_at, now),
    priority: row.priority,
    id: row.id,
    establishment: { id: place.id },
  };
}

/** A person's employments, primary first, with the statuses they read as at `now`. */
export async function employmentsOf(q: Queryable, userId: string, now: Date): Promise<LoadedEmployment[]> {
  const rows = await employmentsWithEstablishments(q, userId);
  return rows.map(({ employment, establishment }) => loaded(employment, establishment, now));
}

/**
 * Locks the person's user row for the rest of the transaction, then reads their employments. Every change
 * to someone's employments takes this lock first, so two requests cannot both take the last free priority
 * or both end the same primary.
 */
export async function lockEmploymentsOf(
  tx: Queryable,
  userId: string,
  now: Date,
): Promise<{ user: typeof users.$inferSelect; employments: LoadedEmployment[] } | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) return undefined;
  return { user, employments: await employmentsOf(tx, userId, now) };
}

/**
 * Writes INVITE_EXPIRED on invitations that read as expired, so the stored row agrees with what every call
 * shows and the one-open-employment index no longer counts them. Audited like any other change.
 */
export async function persistExpiredInvitations(
  tx: Queryable,
  actor: AuditActor,
  found: readonly LoadedEmployment[],
): Promise<void> {
  for (const employment of found) {
    if (employment.row.status !== 'INVITED' || employment.status !== 'INVITE_EXPIRED') continue;
    await tx
      .update(employments)
      .set({ status: 'INVITE_EXPIRED', updated_at: new Date(), version: sql`${employments.version} + 1` })
      .where(and(eq(employments.id, employment.id), eq(employments.status, 'INVITED')));
    employment.row = { ...employment.row, status: 'INVITE_EXPIRED' };
    await recordAudit(tx, actor, {
      action: 'employment.invite-expire',
      resourceType: 'employment',
      resourceId: employment.id,
      detail: { establishment_id: employment.place.id, invite_expires_at: employment.row.invite_expires_at },
    });
  }
}

/**
 * True for the unique index that allows one open employment per person and place: two requests that raced
 * past the check meet it, and the loser gets the same 400 as if the check had seen the first.
 */
export function isOpenEmploymentConflict(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const facts = cause as Error & { code?: unknown; constraint?: unknown };
    if (facts.code !== '23505') continue;
    if (facts.constraint === 'employments_open_key' || facts.message.includes('employments_open_key'))
      return true;
  }
  return false;
}

/** The employment's actioned_by as a coded value; a row from before it was recorded has none. */
export function actionedBy(stored: string | null) {
  return employmentActionedBy.isCode(stored) ? employmentActionedBy.coded(stored) : null;
}

/** The profile's Employment (section 3), with the status the row reads as now. */
export function toProfileEmployment(employment: LoadedEmployment): Employment {
  const { row, place } = employment;
  return {
    id: row.id,
    establishment: {
      id: place.id,
      name: place.name,
      type: establishmentTypes.coded(place.type as never),
      state: place.state as AuState,
    },
    priority: row.priority as 1 | 2 | 3,
    status: employmentStatuses.coded(employment.status),
    signature: row.signature,
    is_verified_employee: row.is_verified_employee,
    is_head_of_department: row.is_head_of_department,
    has_special_access: row.has_special_access,
    has_shared_inbox_access: row.has_shared_inbox_access,
    has_shared_outbox_access: row.has_shared_outbox_access,
    can_send_referral: row.can_send_referral,
    is_account_holder: row.is_account_holder,
    user_tag: row.user_tag,
    user_tag_other: row.user_tag_other,
    head_of_department_requested: row.head_of_department_requested,
    special_access_requested: row.special_access_requested,
    actioned_by: actionedBy(row.actioned_by),
  };
}

/** Whether anyone else is an approved account holder of the establishment. */
export async function hasOtherAccountHolder(
  q: Queryable,
  establishmentId: string,
  employmentId: string,
): Promise<boolean> {
  const rows = await q
    .select({ id: employments.id })
    .from(employments)
    .where(
      and(
        eq(employments.establishment_id, establishmentId),
        eq(employments.is_account_holder, true),
        eq(employments.status, 'APPROVED'),
        sql`${employments.id} <> ${employmentId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The 409 when the last account holder would leave their establishment without anyone to run it. */
export const LAST_ACCOUNT_HOLDER_MESSAGE =
  'You are the only account holder of this establishment, so you cannot leave it. Contact support to hand it over first.';
