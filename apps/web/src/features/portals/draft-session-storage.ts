import { browserSessionStorage, forgetStored, readStoredJson, writeStoredJson } from '@/lib/browser-storage';
import type { DraftSession } from './api/draft-address';

/**
 * The draft this tab is writing, per establishment, in sessionStorage (docs/portals.md: the browser keeps
 * the draft's secret for the session): a reload goes on with the same draft, another tab starts its own,
 * and closing the tab forgets the secret. Without storage (blocked by policy) the draft lives as long as
 * the page; an entry that is not ours or damaged is dropped and a new draft started.
 */
const keyOf = (establishmentId: string) => `referrals.portal-draft.${establishmentId}`;

export function readDraftSession(
  establishmentId: string,
  storage = browserSessionStorage(),
): DraftSession | null {
  return readStoredJson(storage, keyOf(establishmentId), (parsed) =>
    typeof parsed === 'object' &&
    parsed !== null &&
    'id' in parsed &&
    'token' in parsed &&
    typeof parsed.id === 'string' &&
    typeof parsed.token === 'string'
      ? { establishmentId, id: parsed.id, token: parsed.token }
      : null,
  );
}

/** A full or blocked storage only costs going on after a reload. */
export function writeDraftSession(session: DraftSession, storage = browserSessionStorage()): void {
  writeStoredJson(storage, keyOf(session.establishmentId), { id: session.id, token: session.token });
}

/** Forgets the draft: once it is sent, or when the server no longer knows it. */
export function forgetDraftSession(establishmentId: string, storage = browserSessionStorage()): void {
  forgetStored(storage, keyOf(establishmentId));
}
