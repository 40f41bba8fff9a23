import { browserSessionStorage } from '@/lib/browser-storage';
import type { DraftSession } from './api/draft-address';

/**
 * The draft this tab is writing, per establishment, in sessionStorage (docs/portals.md: the browser keeps
 * the draft's secret for the session): a reload goes on with the same draft, another tab starts its own,
 * and closing the tab forgets the secret. Without storage (blocked by policy) the draft lives as long as
 * the page.
 */
const keyOf = (establishmentId: string) => `referrals.portal-draft.${establishmentId}`;

export function readDraftSession(
  establishmentId: string,
  storage = browserSessionStorage(),
): DraftSession | null {
  const text = storage?.getItem(keyOf(establishmentId));
  if (text === null || text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'id' in parsed &&
      'token' in parsed &&
      typeof parsed.id === 'string' &&
      typeof parsed.token === 'string'
    ) {
      return { establishmentId, id: parsed.id, token: parsed.token };
    }
  } catch {
    // Not ours, or damaged: start afresh.
  }
  storage?.removeItem(keyOf(establishmentId));
  return null;
}

export function writeDraftSession(session: DraftSession, storage = browserSessionStorage()): void {
  try {
    storage?.setItem(
      keyOf(session.establishmentId),
      JSON.stringify({ id: session.id, token: session.token }),
    );
  } catch {
    // A full or blocked storage only costs going on after a reload.
  }
}

/** Forgets the draft: once it is sent, or when the server no longer knows it. */
export function forgetDraftSession(establishmentId: string, storage = browserSessionStorage()): void {
  storage?.removeItem(keyOf(establishmentId));
}
