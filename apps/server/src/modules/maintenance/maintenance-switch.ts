import { eq } from 'drizzle-orm';
import type { Maintenance } from '@referrals/domain/maintenance/maintenance-schemas';
import { personName } from '@referrals/domain/people/person-name';
import type { CallerChanges } from '../../db/caller-changes.ts';
import type { Queryable } from '../../db/database.ts';
import { maintenanceSwitch } from '../../db/schema/maintenance.ts';
import { users } from '../../db/schema/people.ts';

/** What migration 0038's trigger announces on caller_changes when the switch changes. */
export const MAINTENANCE_SUBJECT = 'service:maintenance';

/** The switch before anyone ever used it (no row): off. */
const NEVER_SWITCHED: Maintenance = {
  maintenance: false,
  message: null,
  expected_end: null,
  switched_at: null,
  switched_by: null,
  version: 0,
};

/** The switch as stored, with the name of whoever switched it last. */
export async function readMaintenance(q: Queryable): Promise<Maintenance> {
  const [row] = await q
    .select({
      switch: maintenanceSwitch,
      by: { id: users.id, title: users.title, first_name: users.first_name, last_name: users.last_name },
    })
    .from(maintenanceSwitch)
    .leftJoin(users, eq(users.id, maintenanceSwitch.switched_by));
  if (!row) return NEVER_SWITCHED;
  return {
    maintenance: row.switch.switched_on,
    message: row.switch.message,
    expected_end: row.switch.expected_end?.toISOString() ?? null,
    switched_at: row.switch.switched_at.toISOString(),
    switched_by: row.by ? { id: row.by.id, name: personName(row.by) } : null,
    version: row.switch.version,
  };
}

/**
 * One process's view of the platform administrators' maintenance switch, which every API request asks
 * about (http/maintenance.ts). It is read from the database once and again only after a change: migration
 * 0038's trigger announces every change, from any process or by hand, on the feed the session checks use
 * (db/caller-changes.ts), so a switch made through one process holds on all of them at once. While that
 * feed is not live (no pooled connection listens, e.g. after the pool closed its idle ones) a change could
 * go unheard, so it reads every time then, as the session check cache does.
 */
export class MaintenanceSwitch {
  readonly #q: Queryable;
  readonly #changes: CallerChanges;
  #known: Maintenance | undefined;
  /** Counts the changes heard: a read that one overlapped may hold what it replaced, and is not kept. */
  #generation = 0;
  /** The read under way, shared by the requests that arrive meanwhile (all of them just after a switch). */
  #reading: { generation: number; state: Promise<Maintenance> } | undefined;

  constructor(q: Queryable, changes: CallerChanges) {
    this.#q = q;
    this.#changes = changes;
    this.#changes.subscribe({
      changed: (subject) => {
        if (subject === MAINTENANCE_SUBJECT) this.#forget();
      },
      reset: () => this.#forget(),
    });
  }

  /** The switch, from memory while nothing has changed it since it was read. */
  current(): Promise<Maintenance> {
    if (this.#known !== undefined && this.#changes.live()) return Promise.resolve(this.#known);
    const generation = this.#generation;
    if (this.#reading?.generation === generation) return this.#reading.state;
    const state = readMaintenance(this.#q).then((read) => {
      if (generation === this.#generation && this.#changes.live()) this.#known = read;
      return read;
    });
    const reading = { generation, state };
    this.#reading = reading;
    // A failed read is not shared with the requests after it, which try again.
    const done = () => {
      if (this.#reading === reading) this.#reading = undefined;
    };
    state.then(done, done);
    return state;
  }

  /** Whether the switch is on; a database that cannot say is taken as off, so the request meets it itself. */
  async isOn(): Promise<boolean> {
    try {
      return (await this.current()).maintenance;
    } catch {
      return false;
    }
  }

  #forget(): void {
    this.#generation++;
    this.#known = undefined;
  }
}
