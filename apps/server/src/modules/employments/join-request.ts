import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '@referrals/domain/api';
import type { EmploymentJoinCheck } from '@referrals/domain/people/employment-schemas';
import {
  ALREADY_EMPLOYED_MESSAGE,
  TOO_MANY_EMPLOYMENTS_MESSAGE,
  hasOpenEmploymentAt,
  nextFreePriority,
} from '@referrals/domain/people/employment-rules';
import { defaultPermissionsFor } from '@referrals/domain/people/default-permissions';
import { employmentStatuses, type Role } from '@referrals/domain/people/people-codes';
import type { Database, Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments } from '../../db/schema/people.ts';
import { validationFailed } from '../../http/api-errors.ts';
import { auditActorOf, recordAudit } from '../audit/record-audit.ts';
import { establishmentsReadableBy } from '../establishments/establishment-visibility.ts';
import type { Caller } from '../tenancy/caller.ts';
import { isUuid } from '../../http/ids.ts';
import {
  employmentsOf,
  isOpenEmploymentConflict,
  loaded,
  lockEmploymentsOf,
  persistExpiredInvitations,
  type EstablishmentRow,
  type LoadedEmployment,
} from './employment-rows.ts';

/** Why an establishment cannot be joined; shown under the establishment field. */
export const JOIN_MESSAGES = {
  notFound: 'This establishment could not be found.',
  personal: 'A personal space cannot be joined.',
  notApproved: 'This establishment has not been approved yet, so it cannot take join requests.',
  notAccepting: 'This establishment does not accept join requests.',
  departmentNotVerified: 'This department has not been verified yet, so it cannot take join requests.',
} as const;

/** The establishment to join, when the caller may read it. */
export async function readableEstablishment(
  q: Queryable,
  caller: Caller,
  establishmentId: string,
): Promise<EstablishmentRow | undefined> {
  if (!isUuid(establishmentId)) return undefined;
  const [place] = await q
    .select()
    .from(establishments)
    .where(and(eq(establishments.id, establishmentId), establishmentsReadableBy(caller)));
  return place;
}

/**
 * The join-request rules (section 4 Employment; establishments-and-employments.md): the place must be
 * readable, approved, not a personal space and accept join requests (a department must also be verified);
 * the person may not already belong there or have asked; and they may hold at most a primary and a
 * secondary. Answers the priority the request takes, or the 400 body.
 */
export function checkJoinRequest(
  place: EstablishmentRow | undefined,
  current: readonly LoadedEmployment[],
): { priority: 1 | 2 } | { errors: FieldErrors } {
  const refuse = (message: string) => ({ errors: { establishment_id: [message] } });
  if (!place) return refuse(JOIN_MESSAGES.notFound);
  if (place.type === 'PA') return refuse(JOIN_MESSAGES.personal);
  if (!place.is_approved) return refuse(JOIN_MESSAGES.notApproved);
  if (!place.accepts_join_requests) return refuse(JOIN_MESSAGES.notAccepting);
  if (place.type === 'DT' && !place.is_verified) return refuse(JOIN_MESSAGES.departmentNotVerified);
  if (hasOpenEmploymentAt(current, place.id)) return refuse(ALREADY_EMPLOYED_MESSAGE);
  const priority = nextFreePriority(current);
  if (priority === null) return { errors: { non_field_errors: [TOO_MANY_EMPLOYMENTS_MESSAGE] } };
  return { priority };
}

/**
 * Inserts the employment a doctor asks for: REQUESTED until the account holder approves it, with the
 * role's default permissions. Returns the new row's id.
 */
export async function insertJoinRequest(
  tx: Queryable,
  options: { userId: string; role: Role | null; establishmentId: string; priority: 1 | 2 },
): Promise<string> {
  const [created] = await tx
    .insert(employments)
    .values({
      user_id: options.userId,
      establishment_id: options.establishmentId,
      priority: options.priority,
      status: 'REQUESTED',
      actioned_by: 'DOCTOR',
      permissions: defaultPermissionsFor(options.role),
      can_send_referral: true,
      is_verified_employee: false,
      updated_at: sql`now()`,
    })
    .returning({ id: employments.id });
  if (!created) throw new Error('the employment insert returned no row');
  return created.id;
}

/**
 * POST profile/employments/: a join request, or with `dryRun` every check and nothing written. Runs under
 * the person's row lock; two requests that race to the same place meet the one-open-employment index and
 * the loser gets the same 400 as if it had been second.
 */
export async function requestToJoin(options: {
  db: Database;
  request: FastifyRequest;
  caller: Caller;
  establishmentId: string;
  dryRun: boolean;
}): Promise<{ check: EmploymentJoinCheck } | { created: LoadedEmployment }> {
  const { db, request, caller, establishmentId } = options;
  const now = new Date();
  if (options.dryRun) {
    const place = await readableEstablishment(db, caller, establishmentId);
    const check = checkJoinRequest(place, await employmentsOf(db, caller.userId, now));
    if ('errors' in check) throw validationFailed(check.errors);
    return {
      check: {
        establishment_id: establishmentId,
        priority: check.priority,
        status: employmentStatuses.coded('REQUESTED'),
      },
    };
  }
  try {
    const created = await db.transaction(async (tx) => {
      const locked = await lockEmploymentsOf(tx, caller.userId, now);
      const place = await readableEstablishment(tx, caller, establishmentId);
      const check = checkJoinRequest(place, locked?.employments ?? []);
      if ('errors' in check) throw validationFailed(check.errors);
      if (!place || !locked) throw validationFailed({ establishment_id: [JOIN_MESSAGES.notFound] });
      const actor = auditActorOf(request, { userId: caller.userId, establishmentId: place.id });
      // An invitation there that lapsed still holds the one-open-employment index until it is written.
      await persistExpiredInvitations(
        tx,
        actor,
        locked.employments.filter((e) => e.establishment.id === place.id),
      );
      const id = await insertJoinRequest(tx, {
        userId: caller.userId,
        role: locked.user.role as Role | null,
        establishmentId: place.id,
        priority: check.priority,
      });
      await recordAudit(tx, actor, {
        action: 'employment.request',
        resourceType: 'employment',
        resourceId: id,
        detail: { establishment_id: place.id, priority: check.priority, status: 'REQUESTED' },
      });
      const [row] = await tx.select().from(employments).where(eq(employments.id, id));
      if (!row) throw new Error('the new employment could not be read back');
      return loaded(row, place, now);
    });
    return { created };
  } catch (error) {
    if (isOpenEmploymentConflict(error))
      throw validationFailed({ establishment_id: [ALREADY_EMPLOYED_MESSAGE] });
    throw error;
  }
}
