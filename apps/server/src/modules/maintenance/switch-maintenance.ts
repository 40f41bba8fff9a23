import { sql } from 'drizzle-orm';
import {
  expectedEndProblem,
  type Maintenance,
  type MaintenanceWriteParsed,
} from '@referrals/domain/maintenance/maintenance-schemas';
import type { Database } from '../../db/database.ts';
import { maintenanceSwitch } from '../../db/schema/maintenance.ts';
import { conflict, validationFailed } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { readMaintenance } from './maintenance-switch.ts';

export const MAINTENANCE_CHANGED =
  'Another administrator switched maintenance since you looked. Check what it is now and switch again.';

/**
 * PUT platform/maintenance/ (issue 32): a platform administrator switches the service down for maintenance
 * or back up, with an optional note and expected end for the maintenance page. The switch's one row is
 * locked, checked against the version sent (a stale one is a 409; none switches blindly, so a script can
 * always end a maintenance), written and audited in one transaction. Its commit announces the change to
 * every server process (migration 0038), which obeys it from its next request on.
 */
export async function switchMaintenance(
  db: Database,
  options: { actor: AuditActor; write: MaintenanceWriteParsed; now?: Date },
): Promise<Maintenance> {
  const { write } = options;
  const now = options.now ?? new Date();
  const problem = expectedEndProblem(write, now);
  if (problem !== null) throw validationFailed({ expected_end: [problem] });
  return db.transaction(async (tx) => {
    // The row may not exist yet; a first switch by two administrators at once meets on its primary key.
    await tx.insert(maintenanceSwitch).values({ version: 0 }).onConflictDoNothing();
    const [stored] = await tx.select().from(maintenanceSwitch).for('update');
    if (!stored) throw new Error('the maintenance switch has no row');
    if (write.version !== undefined && write.version !== stored.version) throw conflict(MAINTENANCE_CHANGED);
    const on = write.maintenance;
    await tx.update(maintenanceSwitch).set({
      switched_on: on,
      message: on ? write.message : null,
      expected_end: on && write.expected_end !== null ? new Date(write.expected_end) : null,
      switched_at: now,
      switched_by: options.actor.actorId,
      version: sql`${maintenanceSwitch.version} + 1`,
    });
    await recordAudit(tx, options.actor, {
      action: on ? 'maintenance.switch-on' : 'maintenance.switch-off',
      resourceType: 'maintenance_switch',
      detail: {
        was_on: stored.switched_on,
        ...(on ? { message: write.message, expected_end: write.expected_end } : {}),
      },
    });
    return readMaintenance(tx);
  });
}
