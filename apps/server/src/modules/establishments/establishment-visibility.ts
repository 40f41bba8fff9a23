import { and, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { patients } from '../../db/schema/patients.ts';
import { employments } from '../../db/schema/people.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { administeredEstablishmentIds, isSystemCaller, type Caller, type Reader } from '../tenancy/caller.ts';

/**
 * Who may read, change and delete an establishment (establishments-and-employments.md, Establishments).
 * This is the single place the establishment's tenancy lives: every establishment query and write goes
 * through `establishmentsReadableBy`, `canEditEstablishment` and `deletionBlockers`.
 */

/** What the edit rule needs of an establishment row. */
export type EstablishmentFacts = {
  id: string;
  type: string;
  hospital_id: string | null;
  is_approved: boolean;
  created_by_id: string | null;
};

/**
 * The establishments the caller may read: approved ones other than personal spaces, the ones the caller
 * has any employment at, the ones the caller created, and the departments of hospitals the caller
 * administers (they may edit those, so they must be able to see them). A backend service reads the approved
 * ones and its own establishment.
 */
export function establishmentsReadableBy(caller: Reader): SQL {
  const approved = and(eq(establishments.is_approved, true), ne(establishments.type, 'PA')) ?? sql`false`;
  if (isSystemCaller(caller))
    return or(approved, eq(establishments.id, caller.establishmentId)) ?? sql`false`;
  const clauses: SQL[] = [approved, eq(establishments.created_by_id, caller.userId)];
  const worksAt = [...new Set(caller.employments.map((job) => job.establishment.id))];
  if (worksAt.length > 0) clauses.push(inArray(establishments.id, worksAt));
  const administers = administeredEstablishmentIds(caller);
  if (administers.length > 0) clauses.push(inArray(establishments.hospital_id, administers));
  return or(...clauses) ?? sql`false`;
}

/**
 * can_edit: the caller is the approved account holder of the establishment or of a department's hospital,
 * or created it and the platform has not approved it yet. A personal space (PA) is the system's, never
 * edited through the establishment calls.
 */
export function canEditEstablishment(caller: Caller, place: EstablishmentFacts): boolean {
  if (place.type === 'PA') return false;
  const administers = administeredEstablishmentIds(caller);
  if (administers.includes(place.id)) return true;
  if (place.hospital_id !== null && administers.includes(place.hospital_id)) return true;
  return !place.is_approved && place.created_by_id === caller.userId;
}

/** What keeps an editable establishment from being deleted. */
export type DeletionBlocker = 'staff' | 'departments' | 'referrals' | 'patients';

const BLOCKER_TEXT: Record<DeletionBlocker, string> = {
  staff: 'other staff',
  departments: 'departments',
  referrals: 'referrals',
  patients: 'patient records',
};

/** The 409 detail for an establishment that can be edited but not deleted. */
export function deletionRefusedMessage(blockers: readonly DeletionBlocker[]): string {
  const texts = blockers.map((blocker) => BLOCKER_TEXT[blocker]);
  const list = texts.length > 1 ? `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}` : (texts[0] ?? '');
  return `This establishment cannot be deleted while it has ${list}.`;
}

/**
 * For each of `ids`, what refers to it and would be left dangling by a delete: another user's open
 * employment (an invitation past its date no longer counts), a department, a referral sent from or to it,
 * a patient record it owns. One query for any number of establishments, so a page costs one round trip.
 */
export async function deletionBlockers(
  q: Queryable,
  ids: readonly string[],
  callerId: string,
): Promise<Map<string, DeletionBlocker[]>> {
  const found = new Map<string, DeletionBlocker[]>();
  if (ids.length === 0) return found;
  const list = [...ids];
  const blocker = (reason: DeletionBlocker) => sql<DeletionBlocker>`${reason}::text`.as('reason');
  const rows = await unionAll(
    q
      .selectDistinct({ id: sql<string>`${employments.establishment_id}`, reason: blocker('staff') })
      .from(employments)
      .where(
        and(
          inArray(employments.establishment_id, list),
          ne(employments.user_id, callerId),
          or(
            inArray(employments.status, ['UNVERIFIED', 'REQUESTED', 'APPROVED']),
            and(
              eq(employments.status, 'INVITED'),
              or(isNull(employments.invite_expires_at), gt(employments.invite_expires_at, new Date())),
            ),
          ),
        ),
      ),
    q
      .selectDistinct({ id: sql<string>`${establishments.hospital_id}`, reason: blocker('departments') })
      .from(establishments)
      .where(inArray(establishments.hospital_id, list)),
    q
      .selectDistinct({ id: sql<string>`${referrals.from_establishment_id}`, reason: blocker('referrals') })
      .from(referrals)
      .where(inArray(referrals.from_establishment_id, list)),
    q
      .selectDistinct({ id: sql<string>`${referrals.to_establishment_id}`, reason: blocker('referrals') })
      .from(referrals)
      .where(inArray(referrals.to_establishment_id, list)),
    q
      .selectDistinct({ id: sql<string>`${patients.establishment_id}`, reason: blocker('patients') })
      .from(patients)
      .where(inArray(patients.establishment_id, list)),
  );
  for (const row of rows) {
    const reasons = found.get(row.id) ?? [];
    if (!reasons.includes(row.reason)) reasons.push(row.reason);
    found.set(row.id, reasons);
  }
  const order = Object.keys(BLOCKER_TEXT);
  for (const reasons of found.values()) reasons.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return found;
}
