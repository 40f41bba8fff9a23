import { and, eq, ne } from 'drizzle-orm';
import type { FieldErrors } from '@referrals/domain/api';
import type { ReferralWrite } from '@referrals/domain/referrals/referral-schemas';
import type { Queryable } from '../../db/database.ts';
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

/** Whether `receiverId` is a receiver the sender may choose: approved, not their own, not a personal space. */
export async function isOfferedReceiver(q: Queryable, receiverId: string, fromEstablishmentId: string) {
  const [receiver] = await q
    .select({ id: establishments.id })
    .from(establishments)
    .where(
      and(
        eq(establishments.id, receiverId),
        eq(establishments.is_approved, true),
        ne(establishments.id, fromEstablishmentId),
        ne(establishments.type, 'PA'),
      ),
    );
  return receiver !== undefined;
}

/** Whether `userId` holds an approved employment at the receiving establishment. */
export async function worksAtReceiver(q: Queryable, userId: string, receiverId: string) {
  const [employment] = await q
    .select({ id: employments.id })
    .from(employments)
    .where(
      and(
        eq(employments.user_id, userId),
        eq(employments.establishment_id, receiverId),
        eq(employments.status, 'APPROVED'),
      ),
    );
  return employment !== undefined;
}

/**
 * What the sender names in a draft must exist and be theirs to name: the receiver an approved
 * establishment other than their own (section 6: only those are offered), the assignee approved at that
 * receiver, the patient one their establishment sees. Each failure is a field error, never a 500.
 */
export async function checkDraftReferences(
  q: Queryable,
  caller: Caller,
  fromEstablishmentId: string,
  draft: { to_establishment_id: string | null; assignee_id: string | null; patient_id: string | null },
  body: ReferralWrite,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const to = draft.to_establishment_id;
  if (
    body.to_establishment !== undefined &&
    to !== null &&
    !(await isOfferedReceiver(q, to, fromEstablishmentId))
  ) {
    errors.to_establishment = [RECEIVER_NOT_OFFERED];
  }
  const namesAssignee = body.assignee !== undefined || body.to_establishment !== undefined;
  if (namesAssignee && draft.assignee_id !== null && !errors.to_establishment) {
    if (to === null || !(await worksAtReceiver(q, draft.assignee_id, to))) {
      errors.assignee = [ASSIGNEE_NOT_AT_RECEIVER];
    }
  }
  if (body.patient !== undefined && draft.patient_id !== null) {
    const [patient] = await q
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, draft.patient_id), patientsVisibleTo(caller)));
    if (!patient) errors.patient = [PATIENT_NOT_VISIBLE];
  }
  return errors;
}
