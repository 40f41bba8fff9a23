import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/database.ts';
import { referralHistory, referrals } from '../../../db/schema/referrals.ts';
import type { ReferralParties } from '../referral-test-parties.ts';

type ReferralInsert = typeof referrals.$inferInsert;

export const APPOINTMENT = '2026-12-01T09:30:00+11:00';

/**
 * A referral from the parties' GP to their specialist, put straight into the database in whatever state
 * a test needs (status, submitted_at, type, appointment, flags): the actions under test then start from
 * there without walking the lifecycle through the API.
 */
export async function insertReferral(
  db: Queryable,
  p: ReferralParties,
  overrides: Partial<ReferralInsert> = {},
): Promise<typeof referrals.$inferSelect> {
  const status = overrides.status ?? 'SBMT';
  const [row] = await db
    .insert(referrals)
    .values({
      type: 'IN-APP',
      status,
      patient_id: p.patient.id,
      referrer_id: p.gp.user.id,
      from_establishment_id: p.practice.id,
      to_establishment_id: p.clinic.id,
      assignee_id: p.specialist.user.id,
      referrer_message: 'Palpitations for three weeks; ECG attached.',
      submitted_at: new Date('2026-11-01T10:00:00Z'),
      appointment_date: status === 'SCHDL' ? new Date('2026-11-20T09:00:00+11:00') : null,
      appointment_location: status === 'SCHDL' ? 'Room 1' : null,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** The referral row and its history, to prove a refused or dry-run call changed nothing. */
export async function referralSnapshot(db: Queryable, id: string): Promise<string> {
  return JSON.stringify([
    await db.select().from(referrals).where(eq(referrals.id, id)),
    await db
      .select()
      .from(referralHistory)
      .where(eq(referralHistory.referral_id, id))
      .orderBy(asc(referralHistory.occurred_at)),
  ]);
}

/** The referral's history rows, oldest first. */
export function historyOf(db: Queryable, id: string) {
  return db
    .select()
    .from(referralHistory)
    .where(eq(referralHistory.referral_id, id))
    .orderBy(asc(referralHistory.occurred_at));
}

/** The referral row as stored. */
export async function rowOf(db: Queryable, id: string) {
  const [row] = await db.select().from(referrals).where(eq(referrals.id, id));
  if (!row) throw new Error(`no referral ${id}`);
  return row;
}
