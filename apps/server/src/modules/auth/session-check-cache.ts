import type { CallerChanges } from '../../db/caller-changes.ts';

/** What the cache needs of a session check's row (auth-sessions.ts reads the rest): whose session it is. */
type SessionCheckRow = { userId: string };

export type SessionCheckCacheOptions = {
  changes: CallerChanges;
  /** The most sessions remembered; the longest remembered is dropped first. */
  capacity?: number;
  /**
   * How long a row is trusted at most. Every change is announced, so this only bounds the harm of a change
   * that somehow was not (a trigger disabled by hand, a bug).
   */
  maxAgeMs?: number;
  clock?: () => number;
};

type Remembered<Row> = { row: Row; at: number };

/**
 * The session check's row per grant, so a repeat call skips the database. It stays true by forgetting on
 * every change the database announces (migration 0017, db/caller-changes.ts): the session, or the user's
 * row or employments, or every row when an establishment's type or hospital changes or changes may have
 * gone unheard. It neither answers nor remembers while the changes are not heard.
 */
export class SessionCheckCache<Row extends SessionCheckRow> {
  readonly #changes: CallerChanges;
  readonly #capacity: number;
  readonly #maxAgeMs: number;
  readonly #clock: () => number;
  /** In the order remembered, so the first is the one to drop. */
  readonly #byGrant = new Map<string, Remembered<Row>>();
  readonly #grantsByUser = new Map<string, Set<string>>();
  /**
   * Counts the changes heard. A read that began before one may have read what it replaced (the change can
   * commit between the read and the remember), so it is not remembered.
   */
  #generation = 0;

  constructor(options: SessionCheckCacheOptions) {
    this.#changes = options.changes;
    this.#capacity = options.capacity ?? 10_000;
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#clock = options.clock ?? Date.now;
    this.#changes.subscribe({ changed: (subject) => this.#forget(subject), reset: () => this.#forgetAll() });
  }

  /** The remembered row of the grant, if it may be trusted now. */
  recall(grantId: string): Row | undefined {
    if (!this.#changes.live()) return undefined;
    const remembered = this.#byGrant.get(grantId);
    if (!remembered) return undefined;
    if (this.#clock() - remembered.at > this.#maxAgeMs) {
      this.#forgetGrant(grantId);
      return undefined;
    }
    return remembered.row;
  }

  /** Taken before reading the row; `remember` keeps it only if no change was heard since. */
  beforeRead(): number {
    return this.#generation;
  }

  remember(grantId: string, row: Row, readSince: number): void {
    if (readSince !== this.#generation || !this.#changes.live()) return;
    this.#forgetGrant(grantId);
    // Every request of the session shares this row: frozen, a handler that changed it would fail loudly
    // instead of changing what the next request is allowed.
    this.#byGrant.set(grantId, { row: deepFreeze(row), at: this.#clock() });
    let grants = this.#grantsByUser.get(row.userId);
    if (!grants) this.#grantsByUser.set(row.userId, (grants = new Set()));
    grants.add(grantId);
    if (this.#byGrant.size > this.#capacity) {
      const oldest = this.#byGrant.keys().next().value;
      if (oldest !== undefined) this.#forgetGrant(oldest);
    }
  }

  /** How many sessions are remembered. */
  get size(): number {
    return this.#byGrant.size;
  }

  #forget(subject: string): void {
    const [kind, id] = splitSubject(subject);
    // The service's own state (the maintenance switch, migration 0038) is no part of a session check.
    if (kind === 'service') return;
    this.#generation++;
    if (kind === 'session' && id) this.#forgetGrant(id);
    else if (kind === 'user' && id) {
      for (const grantId of this.#grantsByUser.get(id) ?? []) this.#forgetGrant(grantId);
    }
    // 'all', and anything unexpected, which is safest read as everything.
    else this.#forgetAll();
  }

  #forgetAll(): void {
    this.#generation++;
    this.#byGrant.clear();
    this.#grantsByUser.clear();
  }

  #forgetGrant(grantId: string): void {
    const remembered = this.#byGrant.get(grantId);
    if (!remembered) return;
    this.#byGrant.delete(grantId);
    const grants = this.#grantsByUser.get(remembered.row.userId);
    grants?.delete(grantId);
    if (grants?.size === 0) this.#grantsByUser.delete(remembered.row.userId);
  }
}

function splitSubject(subject: string): [string, string | undefined] {
  const colon = subject.indexOf(':');
  return colon < 0 ? [subject, undefined] : [subject.slice(0, colon), subject.slice(colon + 1)];
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
