import { and, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { canAccessEstablishment } from '@referrals/domain/profile/profile-save-rules';
import type { Queryable } from '../../db/database.ts';
import { directoryDoctors } from '../../db/schema/patients.ts';
import { employments } from '../../db/schema/people.ts';
import type { Caller } from '../tenancy/caller.ts';

/**
 * Who may read and change directory entries (spec section 7 Doctors and directory). The single place the
 * directory's tenancy lives; every directory query goes through these functions.
 *
 * - The shared directory (establishment_id null, `doctors/`) is readable by every signed-in provider.
 * - An establishment's own directory (`directory/{est}/doctors/`) is readable and changeable only by people
 *   who may act for that establishment (an accessible employment there, section 4 Employment).
 * - A shared entry may be changed or deleted only by "the creator's establishment": the creator, or someone
 *   whose current establishment is one where the creator holds an open employment. The table records the
 *   creating user, not the establishment, so the creator's employments stand for it.
 */

/** Employment statuses that still tie the creator to an establishment. */
const OPEN_STATUSES = ['UNVERIFIED', 'REQUESTED', 'APPROVED'];

/** The establishments whose own directory the caller may use: those they may act for. */
export function directoryEstablishmentsOf(caller: Caller): string[] {
  return [
    ...new Set(
      caller.employments
        .filter((job) => canAccessEstablishment(caller.role, job))
        .map((job) => job.establishment.id),
    ),
  ];
}

/** Whether the caller may use establishment `est`'s own directory; the routes answer 404 when not. */
export function mayUseDirectoryOf(caller: Caller, est: string): boolean {
  return directoryEstablishmentsOf(caller).includes(est);
}

/** Entries of the shared directory, plus those of `est`'s own directory when given (already checked). */
export function sharedDirectoryWith(est: string | undefined): SQL {
  return (
    (est === undefined
      ? isNull(directoryDoctors.establishment_id)
      : or(isNull(directoryDoctors.establishment_id), eq(directoryDoctors.establishment_id, est))) ??
    sql`false`
  );
}

/** Entries the caller may read at all: the shared directory and the directories of their establishments. */
export function doctorsReadableBy(caller: Caller): SQL {
  const own = directoryEstablishmentsOf(caller);
  return (
    or(
      isNull(directoryDoctors.establishment_id),
      own.length > 0 ? inArray(directoryDoctors.establishment_id, own) : undefined,
    ) ?? sql`false`
  );
}

/**
 * Entries the caller may change or delete: in the directory of an establishment they act for, or shared
 * ones created by them or by someone with an open employment at their current establishment.
 */
export function doctorsEditableBy(q: Queryable, caller: Caller): SQL {
  const own = directoryEstablishmentsOf(caller);
  const current = caller.current?.establishment.id;
  const createdHere =
    current === undefined
      ? undefined
      : exists(
          q
            .select({ one: sql`1` })
            .from(employments)
            .where(
              and(
                eq(employments.user_id, directoryDoctors.created_by_id),
                eq(employments.establishment_id, current),
                inArray(employments.status, OPEN_STATUSES),
              ),
            ),
        );
  return (
    or(
      own.length > 0 ? inArray(directoryDoctors.establishment_id, own) : undefined,
      and(
        isNull(directoryDoctors.establishment_id),
        or(eq(directoryDoctors.created_by_id, caller.userId), createdHere),
      ),
    ) ?? sql`false`
  );
}
