import { sql, type SQL } from 'drizzle-orm';
import { hasSharedInboxAccess, hasSharedOutboxAccess } from '@referrals/domain/people/access-rules';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import { referrals, referralShares } from '../../db/schema/referrals.ts';
import { patientEstablishmentOf } from '../patients/patient-visibility.ts';
import { isSystemCaller, type Reader } from '../tenancy/caller.ts';

/**
 * How a condition writes the caller's values: into the statement (the default), or, for a list prepared
 * once per shape, bound through its StatementShape with each choice recorded (prepared-shapes.ts).
 */
export type ValueWriter = { bind(value: unknown): unknown; part<T>(name: string, fragment: T): T };
const written: ValueWriter = { bind: (value) => value, part: (_name, fragment) => fragment };

/**
 * Referral tenancy, in one place (house-style: one visibility function per entity). Every referral query
 * and action goes through `referralsVisibleTo`; a referral outside it answers like a missing one (404).
 *
 * Acting for their current establishment (approved there, or their personal space, and not in limited
 * mode: the same reach as patient data), the caller sees a referral (referral-lifecycle.md, Sides):
 * - as the sender: sent from the establishment, and they are the referrer or have shared outbox access;
 * - as the receiver: sent to the establishment (submitted at least once, so a recalled draft stays as a
 *   read-only record), and they are the assignee or have shared inbox access;
 * - as shared with: shared with the establishment or with them; read-only.
 * A backend service (SMART Backend Services) stands for its establishment, not for a person: it sees what
 * the staff with shared inbox and outbox access see, and what was shared with the establishment.
 */

/** The establishment whose referrals the caller sees, or null (same rule as patients). */
export const referralEstablishmentOf = patientEstablishmentOf;

type SideRow = Pick<
  typeof referrals.$inferSelect,
  'from_establishment_id' | 'to_establishment_id' | 'referrer_id' | 'assignee_id' | 'submitted_at'
>;

/** Whether the caller sees all their establishment's sent referrals, not only those they referred. */
export function seesAllSent(caller: Reader): boolean {
  return isSystemCaller(caller) || hasSharedOutboxAccess(caller.access);
}

/** Whether the caller sees all their establishment's received referrals, not only those assigned to them. */
function seesAllReceived(caller: Reader): boolean {
  return isSystemCaller(caller) || hasSharedInboxAccess(caller.access);
}

/** The caller's side of a referral row, or null when they may not see it as sender or receiver. */
export function referralSideOf(caller: Reader, row: SideRow): 'sender' | 'receiver' | null {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null) return null;
  const userId = isSystemCaller(caller) ? null : caller.userId;
  if (row.from_establishment_id === establishmentId && (seesAllSent(caller) || row.referrer_id === userId)) {
    return 'sender';
  }
  if (
    row.to_establishment_id === establishmentId &&
    row.submitted_at !== null &&
    (seesAllReceived(caller) || row.assignee_id === userId)
  ) {
    return 'receiver';
  }
  return null;
}

/** The SQL condition on `referrals` for the sender side of the caller. */
export function sentByCaller(caller: Reader, w: ValueWriter = written): SQL {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null) return w.part('sent:none', sql`false`);
  const whose =
    isSystemCaller(caller) || hasSharedOutboxAccess(caller.access)
      ? w.part('sent:all', sql`true`)
      : w.part('sent:own', sql`${referrals.referrer_id} = ${w.bind(caller.userId)}`);
  return sql`(${referrals.from_establishment_id} = ${w.bind(establishmentId)} and ${whose})`;
}

/** The SQL condition on `referrals` for the receiver side of the caller. */
export function receivedByCaller(caller: Reader, w: ValueWriter = written): SQL {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null) return w.part('received:none', sql`false`);
  const whose =
    isSystemCaller(caller) || hasSharedInboxAccess(caller.access)
      ? w.part('received:all', sql`true`)
      : w.part('received:own', sql`${referrals.assignee_id} = ${w.bind(caller.userId)}`);
  return sql`(${referrals.to_establishment_id} = ${w.bind(establishmentId)}
    and ${referrals.submitted_at} is not null and ${whose})`;
}

/**
 * The SQL condition on `referrals` for those shared with the caller or their establishment; a backend
 * service has no person for a share to name, only its establishment.
 */
export function sharedWithCaller(caller: Reader, w: ValueWriter = written): SQL {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null) return w.part('shared:none', sql`false`);
  if (isSystemCaller(caller)) {
    return w.part(
      'shared:establishment',
      sql`exists (select 1 from ${referralShares} s where s.referral_id = ${referrals.id}
        and s.establishment_id = ${w.bind(establishmentId)})`,
    );
  }
  return w.part(
    'shared:caller',
    sql`exists (select 1 from ${referralShares} s where s.referral_id = ${referrals.id}
      and (s.establishment_id = ${w.bind(establishmentId)} or s.user_id = ${w.bind(caller.userId)}))`,
  );
}

/** Every referral the caller may see, from any side. */
export function referralsVisibleTo(caller: Reader, w: ValueWriter = written): SQL {
  if (referralEstablishmentOf(caller) === null) return w.part('visible:none', sql`false`);
  return sql`(not ${referrals.is_deleted} and (${sentByCaller(caller, w)} or ${receivedByCaller(caller, w)}
    or ${sharedWithCaller(caller, w)}))`;
}

/** The caller's side of a referral they can see: sender or receiver, else shared (read-only). */
export function visibleSideOf(caller: Reader, row: SideRow): ReferralSideOfCaller {
  return referralSideOf(caller, row) ?? 'shared';
}
