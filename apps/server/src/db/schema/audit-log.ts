import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only record of every read or change of patient, referral, attachment and report data, and of
 * sign-in events. A trigger refuses UPDATE and DELETE (see the migration), so a row once written stays.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actor_id: uuid('actor_id'),
    /** A backend service's client_id when a system, not a person, acted (SMART Backend Services): actor_id is null. */
    actor_client_id: text('actor_client_id'),
    establishment_id: uuid('establishment_id'),
    action: text('action').notNull(),
    resource_type: text('resource_type').notNull(),
    resource_id: text('resource_id'),
    patient_id: uuid('patient_id'),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    request_id: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_patient_idx').on(t.patient_id, t.occurred_at.desc()),
    index('audit_log_actor_idx').on(t.actor_id, t.occurred_at.desc()),
    index('audit_log_resource_idx').on(t.resource_type, t.resource_id),
  ],
);
