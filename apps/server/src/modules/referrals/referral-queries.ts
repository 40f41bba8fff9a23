import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  allowedReferralActions,
  type ReferralLifecycleInput,
  type ReferralSide,
} from '@referrals/domain/referrals/referral-lifecycle';
import {
  REFERRAL_STATUSES,
  type ReferralStatus,
  type ReferralType,
} from '@referrals/domain/referrals/referral-codes';
import {
  REFERRAL_RECEIVER_TEXT_FIELDS,
  REFERRAL_SENDER_FLAGS,
  REFERRAL_SENDER_TEXT_FIELDS,
  type Referral,
  type ReferralSideOfCaller,
} from '@referrals/domain/referrals/referral-schemas';
import type { Queryable } from '../../db/database.ts';
import { preparedFor, StatementShape } from '../../db/prepared-shapes.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/people.ts';
import { referrals } from '../../db/schema/referrals.ts';
import type { Reader } from '../tenancy/caller.ts';
import { stickyNotesColumn, stickyNotesOf, tagsColumn, tagsOf } from './annotations/referral-annotations.ts';
import { personRef } from './referral-refs.ts';
import { referralEstablishmentOf, referralsVisibleTo, visibleSideOf } from './referral-visibility.ts';

export type ReferralRow = typeof referrals.$inferSelect;

/**
 * The referral row when the caller may see it, optionally locked for an action in the caller's
 * transaction. Built once per shape (prepared-shapes.ts): building the select of the row's every column
 * cost more CPU than the statement.
 */
export async function findVisibleReferral(
  q: Queryable,
  caller: Reader,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ReferralRow | undefined> {
  const shape = new StatementShape();
  const where = and(eq(referrals.id, shape.bind(id)), referralsVisibleTo(caller, shape));
  const lock = shape.part(options.lock ? 'locked' : 'read', options.lock === true);
  const found = preparedFor(q, 'referral_visible', shape, () => {
    const query = q.select().from(referrals).where(where);
    return lock ? query.for('update') : query;
  });
  const [row] = await found.execute(shape.values);
  return row;
}

const referrer = alias(users, 'referrer');
const assignee = alias(users, 'assignee');
const sender = alias(establishments, 'sender');
const receiver = alias(establishments, 'receiver');
const forwardedTo = alias(establishments, 'forwarded_to');

type PlaceColumns = { id: string; name: string; type: string };

function pick<const K extends readonly string[], V>(row: Record<string, unknown>, keys: K) {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as { [P in K[number]]: V };
}

/** Whether the caller's side has the referral archived, in the trash, or unread. */
function sideState(row: ReferralRow, side: ReferralSideOfCaller) {
  if (side === 'sender') {
    return { is_archived: row.sender_archived, is_deleted: row.sender_deleted, unread: row.sender_unread };
  }
  if (side === 'receiver') {
    return {
      is_archived: row.receiver_archived,
      is_deleted: row.receiver_deleted,
      unread: row.receiver_unread,
    };
  }
  return { is_archived: false, is_deleted: false, unread: false };
}

/** What the lifecycle table needs of a row, with archive and trash as the caller's side has them. */
export function lifecycleInputOf(row: ReferralRow, side: ReferralSide): ReferralLifecycleInput {
  const state = sideState(row, side);
  return {
    status: row.status as ReferralStatus,
    type: row.type as ReferralType,
    is_recalled: row.is_recalled,
    is_renewed: row.is_renewed,
    is_archived: state.is_archived,
    is_deleted: state.is_deleted,
    from_clinical_record: row.clinical_record_launch_id !== null,
  };
}

/**
 * The caller's establishment's tags and sticky notes, as columns of the statement that reads the referral's
 * parties; a shared-with reader has none of their own here.
 */
function annotationColumns(
  shape: StatementShape,
  caller: Reader,
  side: ReferralSideOfCaller,
  referralId: Placeholder,
) {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null || side === 'shared') {
    return shape.part('annotations:none', { tags: sql<[]>`'[]'::json`, sticky_notes: sql<[]>`'[]'::json` });
  }
  const establishment = shape.bind(establishmentId);
  return {
    tags: tagsColumn(establishment, referralId),
    sticky_notes: stickyNotesColumn(establishment, referralId),
  };
}

/** The referral as GET referrals/{id}/ answers it, for a row the caller may see. */
export async function referralDetail(q: Queryable, caller: Reader, row: ReferralRow): Promise<Referral> {
  const side = visibleSideOf(caller, row);
  const shape = new StatementShape();
  const id = shape.bind(row.id);
  const annotations = annotationColumns(shape, caller, side, id);
  const detail = preparedFor(q, 'referral_detail', shape, () =>
    q
      .select({
        patient: {
          id: patients.id,
          title: patients.title,
          first_name: patients.first_name,
          last_name: patients.last_name,
          dob: patients.dob,
          sex: patients.sex,
          pub_insurance_details: patients.pub_insurance_details,
        },
        referrer: {
          id: referrer.id,
          title: referrer.title,
          first_name: referrer.first_name,
          last_name: referrer.last_name,
        },
        assignee: {
          id: assignee.id,
          title: assignee.title,
          first_name: assignee.first_name,
          last_name: assignee.last_name,
        },
        sender: { id: sender.id, name: sender.name, type: sender.type },
        receiver: {
          id: receiver.id,
          name: receiver.name,
          type: receiver.type,
          digital_ordering: receiver.digital_ordering,
          accepts_advice_and_guidance: receiver.accepts_advice_and_guidance,
          case_conferences_enabled: receiver.case_conferences_enabled,
        },
        forwardedTo: { id: forwardedTo.id, name: forwardedTo.name, type: forwardedTo.type },
        ...annotations,
      })
      .from(referrals)
      .leftJoin(patients, eq(patients.id, referrals.patient_id))
      .leftJoin(referrer, eq(referrer.id, referrals.referrer_id))
      .leftJoin(assignee, eq(assignee.id, referrals.assignee_id))
      .leftJoin(sender, eq(sender.id, referrals.from_establishment_id))
      .leftJoin(receiver, eq(receiver.id, referrals.to_establishment_id))
      .leftJoin(forwardedTo, eq(forwardedTo.id, referrals.forwarded_to_establishment_id))
      .where(eq(referrals.id, id)),
  );
  const [refs] = await detail.execute(shape.values);
  const status = row.status as ReferralStatus;
  const placeRef = (p: PlaceColumns | null | undefined) => p ?? null;
  return {
    id: row.id,
    version: row.version,
    type: row.type as ReferralType,
    status: { value: status, display: REFERRAL_STATUSES[status] },
    patient: refs?.patient ?? null,
    referrer: personRef(refs?.referrer ?? null),
    from_establishment: placeRef(refs?.sender),
    to_establishment: refs?.receiver ?? null,
    assignee: personRef(refs?.assignee ?? null),
    manual_referrer: row.manual_referrer,
    referrer_message: row.referrer_message,
    medication_order: row.medication_order,
    clinical_summary: row.clinical_summary,
    clinical_record: row.clinical_record,
    clinical_record_filing: row.clinical_record_filing,
    duration: row.duration,
    renewal_duration: row.renewal_duration,
    ...pick<typeof REFERRAL_SENDER_TEXT_FIELDS, string | null>(row, REFERRAL_SENDER_TEXT_FIELDS),
    ...pick<typeof REFERRAL_SENDER_FLAGS, boolean>(row, REFERRAL_SENDER_FLAGS),
    ...pick<typeof REFERRAL_RECEIVER_TEXT_FIELDS, string | null>(row, REFERRAL_RECEIVER_TEXT_FIELDS),
    appointment_date: row.appointment_date?.toISOString() ?? null,
    show_appointment_details: row.show_appointment_details,
    reschedule_list: row.reschedule_list,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    is_forwarded: row.is_forwarded,
    is_updated: row.is_updated,
    is_renew_referral: row.is_renew_referral,
    is_recalled: row.is_recalled,
    is_rescheduled: row.is_rescheduled,
    is_renewed: row.is_renewed,
    forwarded_from_referral_id: row.forwarded_from_referral_id,
    forwarded_to_establishment: placeRef(refs?.forwardedTo),
    renewed_from_referral_id: row.renewed_from_referral_id,
    side,
    ...sideState(row, side),
    allowed_actions: side === 'shared' ? [] : allowedReferralActions(lifecycleInputOf(row, side), side),
    tags: tagsOf(refs?.tags ?? []),
    sticky_notes: stickyNotesOf(refs?.sticky_notes ?? []),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
