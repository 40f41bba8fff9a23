import { useSyncExternalStore } from 'react';

// Typing, touching or moving the pointer: the moments after which a hint or a menu may be wanted. Focus is
// left out because the app may move it itself while the first screen renders.
const FIRST_INTERACTIONS = ['pointermove', 'pointerdown', 'keydown', 'touchstart'] as const;

let interacted = false;
const listeners = new Set<() => void>();

function markInteracted() {
  interacted = true;
  for (const name of FIRST_INTERACTIONS) window.removeEventListener(name, markInteracted, true);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (!interacted && listeners.size === 0) {
    for (const name of FIRST_INTERACTIONS) {
      window.addEventListener(name, markInteracted, { capture: true, passive: true });
    }
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether the user has moved, touched or typed since the page loaded. Parts nobody can use before then
 * (hover hints) wait for it, so their code is not part of the first screen's JavaScript.
 */
export function useFirstInteraction(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => interacted,
    () => false,
  );
}
