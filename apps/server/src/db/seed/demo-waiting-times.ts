import type { Queryable } from '../database.ts';
import { createReferral, type Establishment, type Patient, type User } from '../factories/factories.ts';
import type { createSampler } from '../factories/sample-data.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Days to triage and to the appointment by triage category: Category 1 mostly in time, 2 and 3 less so. */
const WAITS = {
  CAT1: { triage: [0.2, 3], appointment: [8, 40] },
  CAT2: { triage: [1, 9], appointment: [30, 130] },
  CAT3: { triage: [2, 14], appointment: [60, 330] },
} as const;

/**
 * Half a year of referrals to one of the demo's receivers from practices without staff in the demo, so that
 * the waiting times page (docs/analytics.md) has something to show on a fresh start: most seen, some still
 * on the waitlist, a few returned or recalled (a forward would need the referral it made). They are
 * history: the receiver has archived them, so the demo's inboxes stay as the rest of the seed sets them,
 * and no demo account sent them, so no outbox or archive of theirs changes.
 */
export async function seedWaitingTimesHistory(
  tx: Queryable,
  options: {
    /** The practices that referred, each with its own patients. */
    from: { practice: Establishment; patients: Patient[] }[];
    to: Establishment;
    assignee: User;
    s: ReturnType<typeof createSampler>;
  },
): Promise<void> {
  const { s } = options;
  const now = Date.now();
  const between = ([low, high]: readonly [number, number]) => low + (high - low) * (s.int(0, 1000) / 1000);
  for (let week = 26; week >= 1; week--) {
    for (let i = s.int(5, 9); i > 0; i--) {
      const submitted = now - (week * 7 - s.int(0, 6)) * DAY - s.int(0, 8 * 3600) * 1000;
      const roll = s.int(1, 100);
      const category = roll <= 25 ? 'CAT1' : roll <= 70 ? 'CAT2' : 'CAT3';
      const waits = WAITS[category];
      const triaged = submitted + between(waits.triage) * DAY;
      const appointment = submitted + between(waits.appointment) * DAY;
      const outcome = s.int(1, 100);
      const sender = s.pick(options.from);
      const common = {
        patient_id: s.pick(sender.patients).id,
        from_establishment_id: sender.practice.id,
        to_establishment_id: options.to.id,
        assignee_id: options.assignee.id,
        submitted_at: new Date(submitted),
        sender_archived: true,
        receiver_archived: true,
      };
      if (outcome <= 7) {
        await createReferral(tx, {
          ...common,
          status: 'RTRN',
          return_reason: s.pick([
            'INSUFFICIENT_INFORMATION',
            'NOT_ELIGIBLE',
            'SERVICE_NOT_PROVIDED',
          ] as const),
        });
      } else if (triaged > now) {
        await createReferral(tx, { ...common, status: 'VWD' });
      } else {
        const seen = appointment <= now;
        await createReferral(tx, {
          ...common,
          status: seen ? 'SCHDL' : s.pick(['ACPT', 'WLST'] as const),
          triage_category: category,
          triaged_at: new Date(triaged),
          ...(seen
            ? { appointment_date: new Date(appointment), appointment_location: 'Cardiology clinic' }
            : {}),
          ...(outcome <= 14
            ? { is_recalled: true, is_updated: true, recall_reason: 'INFORMATION_TO_ADD' }
            : {}),
        });
      }
    }
  }
}
