import type pg from 'pg';

/** The channel migration 0017's triggers announce changes to a caller's session check on. */
export const CALLER_CHANGES_CHANNEL = 'caller_changes';

/** Hears the changes a remembered session check depends on. */
export type CallerChangeListener = {
  /**
   * A committed change to 'session:<grant id>', 'user:<user id>' (their row or employments), or 'all'; or
   * to the service's own state that every request obeys, 'service:maintenance' (migration 0038).
   */
  changed(subject: string): void;
  /** Changes may have gone unheard (nothing listened for a while): forget whatever was remembered. */
  reset(): void;
};

/**
 * Every committed change to the sessions, users, employments and establishments' type or hospital, from
 * any process. While `live()`, nothing is missed; when it is not, changes may be, and a listener may trust
 * nothing it remembered.
 */
export type CallerChanges = {
  subscribe(listener: CallerChangeListener): () => void;
  live(): boolean;
};

/**
 * The feed of one database handle, fed by the sessions that listen on it: live while at least one does.
 * Each switch between none and some resets the listeners, since a change could commit in the gap.
 */
export function callerChangeFeed() {
  const listeners = new Set<CallerChangeListener>();
  let listening = 0;
  const reset = () => listeners.forEach((listener) => listener.reset());
  const changes: CallerChanges = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    live: () => listening > 0,
  };
  return {
    changes,
    changed: (subject: string) => listeners.forEach((listener) => listener.changed(subject)),
    listeningStarted() {
      if (++listening === 1) reset();
    },
    listeningStopped() {
      if (--listening === 0) reset();
    },
  };
}
export type CallerChangeFeed = ReturnType<typeof callerChangeFeed>;

/**
 * Makes a new pooled connection listen before the pool hands it out (the pool's `onConnect`). Every
 * connection listens, not one: a session that listens is told of its own transaction's changes at commit,
 * before that statement's answer, so a write through this pool has told the feed by the time its promise
 * resolves, and the next request of the same user never sees what it replaced. A connection that cannot
 * listen is not used: the pool ends it and the query that wanted it fails.
 */
export async function listenForCallerChanges(client: pg.ClientBase, feed: CallerChangeFeed): Promise<void> {
  let listening = false;
  let gone = false;
  client.on('notification', (message) => {
    if (message.channel === CALLER_CHANGES_CHANNEL) feed.changed(message.payload ?? 'all');
  });
  const stop = () => {
    if (gone) return;
    gone = true;
    if (listening) feed.listeningStopped();
  };
  client.on('end', stop);
  client.on('error', stop);
  await client.query(`LISTEN ${CALLER_CHANGES_CHANNEL}`);
  if (gone) return;
  listening = true;
  feed.listeningStarted();
}
