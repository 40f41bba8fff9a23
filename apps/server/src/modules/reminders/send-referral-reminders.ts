import { sql, type SQL } from 'drizzle-orm';
import { CONDITION_FILTER_STATUSES } from '@referrals/domain/referrals/referral-dashboard';
import {
  REMINDER_KINDS,
  REMINDERS,
  type ReminderKind,
} from '@referrals/domain/notifications/reminder-notifications';
import type { Database } from '../../db/database.ts';
import { preparedFor, StatementShape } from '../../db/prepared-shapes.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { referralReminders } from '../../db/schema/reminders.ts';
import { notifyReminder } from '../notifications/create-notifications.ts';
import { conditionMatches } from '../referrals/lists/referral-list-conditions.ts';

/** What makes one occasion of a reminder: a new expiry, appointment or category is a new reminder. */
const DUE_KEYS: Record<ReminderKind, SQL> = {
  renewal_due: sql`${referrals.expires_at}::text`,
  appointment_due: sql`${referrals.appointment_date}::text`,
  overdue_for_appointment: sql`${referrals.triage_category}`,
};

/** The most reminders of one kind one sweep sends; the next sweep goes on from there. */
export const REMINDER_BATCH = 500;

/**
 * Sends every reminder that has fallen due and has not been sent (issue 25: 'renewal due', 'appointment
 * due', 'overdue for appointment'), each in the transaction that records it in referral_reminders: the
 * insert's ON CONFLICT DO NOTHING decides, so two processes sweeping at once send each reminder once. The
 * conditions are the list filters' own SQL (referral-list-conditions.ts), so a reminder and the dashboard
 * count the same referrals. Answers how many were sent of each kind.
 */
export async function sendReferralReminders(db: Database): Promise<Record<ReminderKind, number>> {
  const sent = {} as Record<ReminderKind, number>;
  for (const kind of REMINDER_KINDS) {
    const rule = REMINDERS[kind];
    sent[kind] = await db.transaction(async (tx) => {
      const shape = new StatementShape();
      const statuses = sql.join(
        CONDITION_FILTER_STATUSES[rule.condition].map((status) => shape.bind(status)),
        sql`, `,
      );
      const kindValue = shape.bind(kind);
      // Those already reminded are left out here, not only by the conflict, so the batch is all new ones.
      const due = sql`${referrals.status} in (${statuses}) and not ${referrals.is_deleted}
        and ${conditionMatches(shape, rule.condition)}
        and not exists (select 1 from ${referralReminders} m where m.referral_id = ${referrals.id}
          and m.kind = ${kindValue}::text and m.due_key = ${DUE_KEYS[kind]})`;
      const batch = shape.bind(REMINDER_BATCH);
      const fresh = preparedFor(tx, `reminders_${kind}`, shape, () =>
        tx
          .insert(referralReminders)
          .select(
            tx
              .select({
                referral_id: referrals.id,
                kind: sql<string>`${kindValue}::text`.as('kind'),
                due_key: sql<string>`${DUE_KEYS[kind]}`.as('due_key'),
                sent_at: sql<Date>`now()`.as('sent_at'),
              })
              .from(referrals)
              .where(due)
              .limit(batch),
          )
          .onConflictDoNothing()
          .returning({ referral_id: referralReminders.referral_id }),
      );
      const rows = await fresh.execute(shape.values);
      for (const { referral_id } of rows) {
        const [referral] = await tx
          .select()
          .from(referrals)
          .where(sql`${referrals.id} = ${referral_id}`);
        if (referral) await notifyReminder(tx, { referral, kind });
      }
      return rows.length;
    });
  }
  return sent;
}
