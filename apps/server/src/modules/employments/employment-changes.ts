import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  TOO_MANY_EMPLOYMENTS_MESSAGE,
  actionRefusedMessage,
  makePrimaryPlan,
  nextFreePriority,
  statusAfter,
} from '@referrals/domain/people/employment-rules';
import { employmentStatuses, type EmploymentStatus, type Role } from '@referrals/domain/people/people-codes';
import type { UserTagUpdate } from '@referrals/domain/people/employment-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import { employments, users } from '../../db/schema/people.ts';
import { conflict, notFound, validationFailed, type ApiError } from '../../http/api-errors.ts';
import { auditActorOf, recordAudit } from '../audit/record-audit.ts';
import { isUuid } from '../../http/ids.ts';
import {
  LAST_ACCOUNT_HOLDER_MESSAGE,
  hasOtherAccountHolder,
  loaded,
  lockEmploymentsOf,
  persistExpiredInvitations,
  type LoadedEmployment,
} from './employment-rows.ts';
import { checkJoinRequest, insertJoinRequest } from './join-request.ts';

/**
 * The changes a person makes to their own employments (section 4 Employment): answer an invitation, leave,
 * make an establishment primary, and the signature and user tag kept per employment. Each runs in one
 * transaction that holds the person's row lock, writes its audit rows, and refuses with 409 a change the
 * employment's status does not allow.
 */

type Change = { db: Database; request: FastifyRequest; userId: string; employmentId: string };

/** The 409 detail when an invitation is answered before the address it was sent to is verified. */
export const VERIFY_EMAIL_FIRST_MESSAGE =
  'Please verify your email address before you answer this invitation: open the link in the email we sent you.';

export const PERSONAL_SPACE_LEAVE_MESSAGE = 'Your personal space cannot be left.';
export const PERSONAL_SPACE_PRIMARY_MESSAGE =
  'Your personal space cannot be made your primary establishment.';

const coded = (status: EmploymentStatus) => employmentStatuses.coded(status);
const statusText = (status: EmploymentStatus) => status.toLowerCase().replace('_', ' ');

/** The row, with its establishment, only when it is the person's own; else the 404 of a missing one. */
function ownOrNotFound(found: readonly LoadedEmployment[], employmentId: string): LoadedEmployment {
  const target = isUuid(employmentId) ? found.find((e) => e.id === employmentId) : undefined;
  if (!target) throw notFound();
  return target;
}

async function setStatus(
  tx: Queryable,
  employment: LoadedEmployment,
  values: Partial<typeof employments.$inferInsert> & { status: EmploymentStatus },
): Promise<LoadedEmployment> {
  const [row] = await tx
    .update(employments)
    .set({ ...values, updated_at: new Date(), version: sql`${employments.version} + 1` })
    .where(eq(employments.id, employment.id))
    .returning();
  if (!row) throw notFound();
  return loaded(row, employment.place, new Date());
}

/**
 * Accepts or declines an invitation. An invitation past its date is written INVITE_EXPIRED (committed)
 * and answered 409; accepting takes the next free priority, or 409 when the person has a primary and a
 * secondary already.
 */
export async function answerInvitation(
  options: Change & { answer: 'accept' | 'decline' },
): Promise<LoadedEmployment> {
  const { db, request, userId, answer } = options;
  const now = new Date();
  const outcome = await db.transaction(
    async (tx): Promise<{ done: LoadedEmployment } | { refused: ApiError }> => {
      const locked = await lockEmploymentsOf(tx, userId, now);
      const target = ownOrNotFound(locked?.employments ?? [], options.employmentId);
      const actor = auditActorOf(request, { userId: userId, establishmentId: target.place.id });
      if (target.row.status === 'INVITED' && target.status === 'INVITE_EXPIRED') {
        await persistExpiredInvitations(tx, actor, [target]);
        return { refused: conflict(actionRefusedMessage(answer, target.status), coded(target.status)) };
      }
      const to = statusAfter(answer, target.status);
      if (to === null) throw conflict(actionRefusedMessage(answer, target.status), coded(target.status));
      // Whoever signs up with an invited address gets its account; answering needs proof they own it.
      if (!locked?.user.email_verified_at && !locked?.user.external_subject) {
        throw conflict(VERIFY_EMAIL_FIRST_MESSAGE, coded(target.status));
      }
      let priority = target.row.priority;
      if (answer === 'accept') {
        const free = nextFreePriority(locked.employments.filter((e) => e.id !== target.id));
        if (free === null) throw conflict(TOO_MANY_EMPLOYMENTS_MESSAGE, coded(target.status));
        priority = free;
      }
      const done = await setStatus(tx, target, {
        status: to,
        priority,
        actioned_by: 'DOCTOR',
        // The establishment invited them: accepting needs no further verification.
        ...(answer === 'accept' ? { is_verified_employee: true } : {}),
      });
      await recordAudit(tx, actor, {
        action: `employment.${answer}`,
        resourceType: 'employment',
        resourceId: target.id,
        detail: { from: target.status, to, priority },
      });
      return { done };
    },
  );
  if ('refused' in outcome) throw outcome.refused;
  return outcome.done;
}

/**
 * Leaving: the employment becomes FINISHED (kept as history). The personal space cannot be left, nor can
 * the last account holder leave their establishment. Leaving the current establishment clears it, so the
 * next request falls back to primary, secondary, professional.
 */
export async function leaveEmployment(options: Change): Promise<void> {
  const { db, request, userId } = options;
  const now = new Date();
  await db.transaction(async (tx) => {
    const locked = await lockEmploymentsOf(tx, userId, now);
    const target = ownOrNotFound(locked?.employments ?? [], options.employmentId);
    if (target.row.priority === 3 || target.place.type === 'PA') {
      throw conflict(PERSONAL_SPACE_LEAVE_MESSAGE, coded(target.status));
    }
    await endEmployment(tx, request, userId, target, 'employment.leave');
    if (locked?.user.current_establishment_id === target.place.id) {
      await tx
        .update(users)
        .set({ current_establishment_id: null, updated_at: new Date() })
        .where(eq(users.id, userId));
    }
  });
}

async function endEmployment(
  tx: Queryable,
  request: FastifyRequest,
  userId: string,
  target: LoadedEmployment,
  action: string,
): Promise<void> {
  const to = statusAfter('leave', target.status);
  if (to === null) throw conflict(actionRefusedMessage('leave', target.status), coded(target.status));
  if (
    target.row.is_account_holder &&
    target.status === 'APPROVED' &&
    !(await hasOtherAccountHolder(tx, target.place.id, target.id))
  ) {
    throw conflict(LAST_ACCOUNT_HOLDER_MESSAGE, coded(target.status));
  }
  await setStatus(tx, target, { status: to, actioned_by: 'DOCTOR' });
  await recordAudit(tx, auditActorOf(request, { userId: userId, establishmentId: target.place.id }), {
    action,
    resourceType: 'employment',
    resourceId: target.id,
    detail: { from: target.status, to },
  });
}

/**
 * Makes the employment's establishment primary (section 4 Employment, `makePrimaryPlan`): an open
 * secondary there is promoted to priority 1, or, for a place the person has left, a new employment is
 * created with priority 1; then the old primary becomes FINISHED and the establishment becomes current.
 * A new employment is a join request like any other: the place must take them, and it is REQUESTED until
 * the account holder approves, so making a place primary is never a way back in past its account holder.
 */
export async function makePrimary(options: Change): Promise<void> {
  const { db, request, userId } = options;
  const now = new Date();
  await db.transaction(async (tx) => {
    const locked = await lockEmploymentsOf(tx, userId, now);
    const all = locked?.employments ?? [];
    const target = ownOrNotFound(all, options.employmentId);
    if (target.row.priority === 3 || target.place.type === 'PA') {
      throw conflict(PERSONAL_SPACE_PRIMARY_MESSAGE, coded(target.status));
    }
    const plan = makePrimaryPlan(all, target.place.id);
    const promoted = plan.promote === null ? undefined : all.find((e) => e.id === plan.promote);
    // An invitation is answered first; until then it holds no priority of its own.
    const invited = [target, promoted].find((e) => e?.status === 'INVITED');
    if (invited) {
      throw conflict(
        `This employment is ${statusText(invited.status)} and cannot be made primary.`,
        coded(invited.status),
      );
    }
    const oldPrimary = plan.endOldPrimary === null ? undefined : all.find((e) => e.id === plan.endOldPrimary);

    let primaryId = target.id;
    if (plan.create) {
      const check = checkJoinRequest(
        target.place,
        all.filter((e) => e.id !== oldPrimary?.id),
      );
      if ('errors' in check) throw validationFailed(check.errors);
      // A lapsed invitation there still holds the one-open-employment index until it is written.
      await persistExpiredInvitations(
        tx,
        auditActorOf(request, { userId: userId, establishmentId: target.place.id }),
        all.filter((e) => e.establishment.id === target.place.id),
      );
      primaryId = await insertJoinRequest(tx, {
        userId,
        role: (locked?.user.role ?? null) as Role | null,
        establishmentId: target.place.id,
        priority: 1,
      });
    } else if (promoted) {
      primaryId = promoted.id;
      await tx
        .update(employments)
        .set({ priority: 1, updated_at: new Date(), version: sql`${employments.version} + 1` })
        .where(eq(employments.id, promoted.id));
    }
    if (oldPrimary) await endEmployment(tx, request, userId, oldPrimary, 'employment.finish');
    if (plan.create || promoted) {
      await recordAudit(tx, auditActorOf(request, { userId: userId, establishmentId: target.place.id }), {
        action: 'employment.make-primary',
        resourceType: 'employment',
        resourceId: primaryId,
        detail: { created: plan.create, ended: oldPrimary?.id ?? null },
      });
    }
    await tx
      .update(users)
      .set({ current_establishment_id: target.place.id, updated_at: new Date() })
      .where(eq(users.id, userId));
  });
}

/** One of the person's own employments, locked for a change of its own fields. */
async function lockOwn(tx: Queryable, userId: string, employmentId: string): Promise<LoadedEmployment> {
  if (!isUuid(employmentId)) throw notFound();
  const locked = await lockEmploymentsOf(tx, userId, new Date());
  return ownOrNotFound(locked?.employments ?? [], employmentId);
}

async function updateOwnFields(
  options: Change & {
    values: Partial<typeof employments.$inferInsert>;
    action: string;
    detail: Record<string, unknown>;
  },
): Promise<LoadedEmployment> {
  const { db, request, userId } = options;
  return db.transaction(async (tx) => {
    const target = await lockOwn(tx, userId, options.employmentId);
    const [row] = await tx
      .update(employments)
      .set({ ...options.values, updated_at: new Date(), version: sql`${employments.version} + 1` })
      .where(and(eq(employments.id, target.id), eq(employments.user_id, userId)))
      .returning();
    if (!row) throw notFound();
    await recordAudit(tx, auditActorOf(request, { userId: userId, establishmentId: target.place.id }), {
      action: options.action,
      resourceType: 'employment',
      resourceId: target.id,
      detail: options.detail,
    });
    return loaded(row, target.place, new Date());
  });
}

/** The signature used at that establishment; an empty text clears it. */
export function updateSignature(options: Change & { text: string }): Promise<LoadedEmployment> {
  const signature = options.text === '' ? null : options.text;
  return updateOwnFields({
    ...options,
    values: { signature },
    action: 'employment.signature',
    detail: { cleared: signature === null },
  });
}

/** The user tag of the employment (section 7: user_tag, user_tag_other with Other). */
export function updateUserTag(options: Change & { tag: UserTagUpdate }): Promise<LoadedEmployment> {
  return updateOwnFields({
    ...options,
    values: { user_tag: options.tag.user_tag, user_tag_other: options.tag.user_tag_other },
    action: 'employment.user-tag',
    detail: { user_tag: options.tag.user_tag },
  });
}
