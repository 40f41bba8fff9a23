import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { personName } from '@referrals/domain/people/person-name';
import type { Referral, ReferralHistoryEntry } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { users } from '../../db/schema/people.ts';
import { referralHistory } from '../../db/schema/referrals.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisibleReferral, type ReferralCall } from './referral-call.ts';
import { referralDetail } from './referral-queries.ts';

/** GET referrals/{id}/: the referral, with the read's audit row in the same transaction. */
export function readReferral(db: Database, call: ReferralCall): Promise<Referral> {
  return inVisibleReferral(db, call, async (tx, referral) => {
    await recordAudit(tx, call.actor, {
      action: 'referral.read',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
    });
    return referralDetail(tx, call.caller, referral);
  });
}

const actor = alias(users, 'actor');

/** GET referrals/{id}/history/: what happened to it, oldest first, for both sides (referral-lifecycle.md). */
export function readReferralHistory(db: Database, call: ReferralCall): Promise<ReferralHistoryEntry[]> {
  return inVisibleReferral(db, call, async (tx, referral) => {
    await recordAudit(tx, call.actor, {
      action: 'referral.history.read',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
    });
    const rows = await tx
      .select({
        entry: referralHistory,
        actor: { id: actor.id, title: actor.title, first_name: actor.first_name, last_name: actor.last_name },
        establishment: { id: establishments.id, name: establishments.name, type: establishments.type },
      })
      .from(referralHistory)
      .leftJoin(actor, eq(actor.id, referralHistory.actor_id))
      .leftJoin(establishments, eq(establishments.id, referralHistory.establishment_id))
      .where(eq(referralHistory.referral_id, referral.id))
      .orderBy(asc(referralHistory.occurred_at), asc(referralHistory.id));
    return rows.map(({ entry, actor: who, establishment }) => ({
      id: entry.id,
      action: entry.action,
      from_status: entry.from_status,
      to_status: entry.to_status,
      actor: who ? { id: who.id, name: personName({ ...who, title: who.title }) } : null,
      establishment: establishment ?? null,
      detail: entry.detail,
      occurred_at: entry.occurred_at.toISOString(),
    }));
  });
}
