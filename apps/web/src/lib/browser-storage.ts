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
