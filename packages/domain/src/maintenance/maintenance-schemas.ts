import { z } from 'zod';
import { trimmedText } from '../text-fields.ts';

/**
 * Down for maintenance (spec sections 2 /maintenance and 9, the maintenance flag; issue 32). Either the
 * environment (FEATURE_MAINTENANCE, which only a restart ends) or a platform administrator's switch, kept in
 * the database so that every server process obeys it at once, takes the service down: the API answers 503
 * with Retry-After, and the web app shows /maintenance to everyone but the platform administrators, who keep
 * the switch to end it.
 */

/** The longest note the maintenance page shows. */
export const MAINTENANCE_MESSAGE_MAX = 500;
export const EXPECTED_END_PAST_MESSAGE = 'Choose a time in the future.';
export const EXPECTED_END_MESSAGE = 'Enter a date and time, such as 2026-12-01T18:00:00+11:00.';

/** Why the service is down: the environment (FEATURE_MAINTENANCE) or the administrators' switch. */
export const MaintenanceSourceSchema = z.enum(['environment', 'switch']);
export type MaintenanceSource = z.infer<typeof MaintenanceSourceSchema>;

/**
 * GET public/maintenance/: what the maintenance page tells anyone, signed in or not. `source` is null while
 * the service is up; the page offers the platform administrators' sign-in only for the switch, which they
 * can end (the environment's answers 503 to every call, theirs too).
 */
export const MaintenanceStatusSchema = z.object({
  maintenance: z.boolean(),
  source: MaintenanceSourceSchema.nullable(),
  /** The administrator's note to the people who meet the page, or null. */
  message: z.string().nullable(),
  /** When the administrator expects the service back, or null. */
  expected_end: z.iso.datetime({ offset: true }).nullable(),
});
export type MaintenanceStatus = z.infer<typeof MaintenanceStatusSchema>;

/** GET and PUT platform/maintenance/: the platform administrators' switch, as stored. */
export const MaintenanceSchema = z.object({
  /** The switch is on: the service is down for everyone but the platform administrators. */
  maintenance: z.boolean(),
  message: z.string().nullable(),
  expected_end: z.iso.datetime({ offset: true }).nullable(),
  /** The last time it was switched, on or off, and by whom; null before it ever was. */
  switched_at: z.iso.datetime({ offset: true }).nullable(),
  switched_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Send it back with a switch: one made after another administrator's since this read is a 409. */
  version: z.number().int(),
});
export type Maintenance = z.infer<typeof MaintenanceSchema>;

/**
 * PUT platform/maintenance/. Switching off clears the message and the expected end; left out (or empty),
 * they are cleared on switching on too, so a note from an earlier maintenance is never shown again.
 */
export const MaintenanceWriteSchema = z.object({
  maintenance: z.boolean(),
  message: z
    .union([z.literal(''), trimmedText(MAINTENANCE_MESSAGE_MAX)])
    .nullable()
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value)),
  expected_end: z
    .union([z.literal(''), z.iso.datetime({ offset: true, error: EXPECTED_END_MESSAGE })], {
      error: EXPECTED_END_MESSAGE,
    })
    .nullable()
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value)),
  version: z.number().int().min(0).optional(),
});
export type MaintenanceWrite = z.input<typeof MaintenanceWriteSchema>;
export type MaintenanceWriteParsed = z.output<typeof MaintenanceWriteSchema>;

/**
 * The expected end of a maintenance being switched on must lie ahead, or the page would promise a time
 * already gone. Null when it is fine (or not given, or the switch goes off).
 */
export function expectedEndProblem(write: MaintenanceWriteParsed, now: Date): string | null {
  if (!write.maintenance || write.expected_end === null) return null;
  return Date.parse(write.expected_end) > now.getTime() ? null : EXPECTED_END_PAST_MESSAGE;
}
