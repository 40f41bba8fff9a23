import { useEffect, useState } from 'react';

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_PAUSE_MS = 800;
/** How long a failed save waits before it tries again (the values stay on the screen meanwhile). */
export const AUTOSAVE_RETRY_MS = 5000;

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed';

type Save = () => Promise<unknown>;

/**
 * The latest save per key (the draft, each form): saves wait for a pause in typing, then run one at a
 * time in order. A failed save stays queued, unless newer values replaced it, and is retried; nothing
 * typed is dropped.
 */
function createSaveQueue(onStatus: (status: SaveStatus) => void) {
  const pending = new Map<string, Save>();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: number | undefined;

  const flush = (): Promise<boolean> => {
    window.clearTimeout(timer);
    const run = chain.then(async () => {
      for (const [key, save] of pending) {
        pending.delete(key);
        onStatus('saving');
        try {
          await save();
        } catch {
          if (!pending.has(key)) pending.set(key, save);
          onStatus('failed');
          timer = window.setTimeout(() => void flush(), AUTOSAVE_RETRY_MS);
          return false;
        }
      }
      onStatus('saved');
      return true;
    });
    chain = run;
    return run;
  };

  const schedule = (key: string, save: Save) => {
    pending.set(key, save);
    onStatus('pending');
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void flush(), AUTOSAVE_PAUSE_MS);
  };

  return { flush, schedule, hasUnsaved: () => pending.size > 0 };
}

/**
 * An autosave queue and how it stands (the referral wizard, the public portal's draft). While anything is
 * unsaved, closing the tab asks first; leaving the screen inside the app still saves what was typed.
 */
export function useSaveQueue() {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [queue] = useState(() =>
    // A failure stays on screen until a save succeeds: typing meanwhile must not hide the warning.
    createSaveQueue((next) =>
      setStatus((current) => (current === 'failed' && next === 'pending' ? current : next)),
    ),
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (queue.hasUnsaved()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      void queue.flush();
    };
  }, [queue]);

  return { status, schedule: queue.schedule, flush: queue.flush };
}
