/**
 * window.localStorage, or undefined where merely touching it throws (storage disabled by policy or
 * blocked cookies), so callers degrade to not remembering instead of crashing the app.
 */
export function browserLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** window.sessionStorage, or undefined where it is unavailable; see browserLocalStorage. */
export function browserSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The JSON value kept under `key`, as `accept` takes it, or null when nothing is kept there. An entry that is
 * not JSON (not ours, or damaged) or that `accept` refuses (null: the wrong shape, or lapsed) is removed, so
 * the next read starts afresh.
 */
export function readStoredJson<T>(
  storage: Storage | undefined,
  key: string,
  accept: (parsed: unknown) => T | null,
): T | null {
  const text = storage?.getItem(key);
  if (text === null || text === undefined) return null;
  try {
    const value = accept(JSON.parse(text));
    if (value !== null) return value;
  } catch {
    // Not ours, or damaged: dropped below.
  }
  storage?.removeItem(key);
  return null;
}

/** Keeps `value` as JSON under `key`; a full or blocked storage only costs not remembering it after a reload. */
export function writeStoredJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered: the caller goes on with what it holds.
  }
}

/** Forgets what is kept under `key`. */
export function forgetStored(storage: Storage | undefined, key: string): void {
  storage?.removeItem(key);
}
