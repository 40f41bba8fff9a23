import { useSyncExternalStore } from 'react';

/**
 * The current error set (spec section 8): named errors a screen raises for others to react to, such as
 * referralStatus 404, patientStatus 404 or newOtherHCP. Every navigation clears it (section 2), so an
 * error never outlives the screen that caused it. An external store rather than context, so the API
 * client and the router can write to it outside React.
 */
export type AppError = {
  status?: number;
  message?: string;
};

export type ErrorSet = Readonly<Record<string, AppError>>;

const EMPTY: ErrorSet = Object.freeze({});
let current: ErrorSet = EMPTY;
const listeners = new Set<() => void>();

function publish(next: ErrorSet): void {
  current = next;
  for (const listener of listeners) listener();
}

export const errorSet = {
  get: (): ErrorSet => current,
  // Arrow functions: these are handed around unbound (useSyncExternalStore, router subscriptions).
  set: (name: string, error: AppError): void => {
    publish({ ...current, [name]: error });
  },
  remove: (name: string): void => {
    if (!(name in current)) return;
    const { [name]: _removed, ...rest } = current;
    publish(rest);
  },
  clear: (): void => {
    // Skipping the no-op keeps every subscriber from re-rendering on each navigation.
    if (current !== EMPTY) publish(EMPTY);
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The current error set, re-rendering when it changes. */
export function useErrorSet(): ErrorSet {
  return useSyncExternalStore(errorSet.subscribe, errorSet.get, errorSet.get);
}
