import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../src/db/database.ts';
import { asOwner } from './test-database.ts';

/**
 * The rows visible_patients holds and its view (the definition, migration 0010) does not compute, and
 * the reverse: both empty when the triggers kept the table right. The view is the owner's alone.
 */
export function visiblePatientsDrift(database: DatabaseHandle) {
  return asOwner(database, async (tx) => ({
    extra: await queryRows(
      tx,
      sql`select * from visible_patients except select * from visible_patients_expected`,
    ),
    missing: await queryRows(
      tx,
      sql`select * from visible_patients_expected except select * from visible_patients`,
    ),
  }));
}
