import { and, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FieldErrors } from '@referrals/domain/api';
import type { ReferralWrite } from '@referrals/domain/referrals/referral-schemas';
import { queryRows, type Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { patients } from '../../db/schema/patients.ts';
import { employments } from '../../db/schema/people.ts';
import { patientsVisibleTo } from '../patients/patient-visibility.ts';
import type { Caller } from '../tenancy/caller.ts';

/** Shown when the receiver is not one the sender may choose (section 6 Rules). */
export const RECEIVER_NOT_OFFERED =
  'Choose an approved establishment other than your own that receives referrals.';
export const ASSIGNEE_NOT_AT_RECEIVER = 'Choose someone who works at the receiving establishment.';
export const PATIENT_NOT_VISIBLE = 'Choose a patient your establishment can see.';

/** The receiver is one the sender may choose: approved, not their own, not a personal space. */
const offeredReceiver = (receiverId: string, fromEstablishmentId: string) =>
  and(
    eq(establishments.id, receiverId),
    eq(establishments.is_approved, true),
    ne(establishments.id, fromEstablishmentId),
    ne(establishments.type, 'PA'),
  );

/** `userId` holds an approved employment at the receiving establishment. */
const approvedAtReceiver = (userId: string, receiverId: string) =>
  and(
    eq(employments.user_id, userId),
    eq(employments.establishment_id, receiverId),
    eq(employments.status, 'APPROVED'),
  );

/** Whether `receiverId` is a receiver the sender may choose. */
export async function isOfferedReceiver(q: Queryable, receiverId: string, fromEstablishmentId: string) {
  const [receiver] = await q
    .select({ id: establishments.id })
    .from(establishments)
    .where(offeredReceiver(receiverId, fromEstablishmentId));
  return receiver !== undefined;
}

/** Whether `userId` holds an approved employment at the receiving establishment. */
export async function worksAtReceiver(q: Queryable, userId: string, receiverId: string) {
  const [employment] = await q
    .select({ id: employments.id })
    .from(employments)
    .where(approvedAtReceiver(userId, receiverId));
  return employment !== undefined;
}

/**
 * What the sender names in a draft must exist and be theirs to name: the receiver an approved
 * establishment other than their own (section 6: only those are offered), the assignee approved at that
 * receiver, the patient one their establishment sees. Each failure is a field error, never a 500. The
 * checks the body calls for are asked in one statement.
 */
export async function checkDraftReferences(
  q: Queryable,
  caller: Caller,
  fromEstablishmentId: string,
  draft: { to_establishment_id: string | null; assignee_id: string | null; patient_id: string | null },
  body: ReferralWrite,
): Promise<FieldErrors> {
  const { to_establishment_id: to, assignee_id: assignee, patient_id: patient } = draft;
  const namesAssignee =
    (body.assignee !== undefined || body.to_establishment !== undefined) && assignee !== null;
  const one = { one: sql`1` };
  const questions: SQL[] = [];
  const ask = (name: string, query: SQLWrapper) =>
    questions.push(sql`exists (${query}) as ${sql.identifier(name)}`);
  if (body.to_establishment !== undefined && to !== null)
    ask('offered', q.select(one).from(establishments).where(offeredReceiver(to, fromEstablishmentId)));
  if (namesAssignee && to !== null)
    ask('works', q.select(one).from(employments).where(approvedAtReceiver(assignee, to)));
  if (body.patient !== undefined && patient !== null)
    ask(
      'visible',
      q
        .select(one)
        .from(patients)
        .where(and(eq(patients.id, patient), patientsVisibleTo(caller))),
    );
  const [answers] =
    questions.length > 0
      ? await queryRows<{ offered?: boolean; works?: boolean; visible?: boolean }>(
          q,
          sql`select ${sql.join(questions, sql`, `)}`,
        )
      : [];
  const errors: FieldErrors = {};
  if (answers?.offered === false) errors.to_establishment = [RECEIVER_NOT_OFFERED];
  if (namesAssignee && (to === null || answers?.works === false) && !errors.to_establishment)
    errors.assignee = [ASSIGNEE_NOT_AT_RECEIVER];
  if (answers?.visible === false) errors.patient = [PATIENT_NOT_VISIBLE];
  return errors;
}
