import { describe, expect, it } from 'vitest';
import { forgetDraftSession, readDraftSession, writeDraftSession } from './draft-session-storage';

/** sessionStorage as the browser keeps it, for one tab. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("the tab's portal draft", () => {
  it('is kept per establishment until forgotten', () => {
    const storage = memoryStorage();
    expect(readDraftSession('est-1', storage)).toBeNull();
    writeDraftSession({ establishmentId: 'est-1', id: 'draft-1', token: 'secret' }, storage);
    expect(readDraftSession('est-1', storage)).toEqual({
      establishmentId: 'est-1',
      id: 'draft-1',
      token: 'secret',
    });
    expect(readDraftSession('est-2', storage)).toBeNull();
    forgetDraftSession('est-1', storage);
    expect(readDraftSession('est-1', storage)).toBeNull();
  });

  it('drops what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('referrals.portal-draft.est-1', '{not json');
    expect(readDraftSession('est-1', storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('works without storage, remembering nothing', () => {
    writeDraftSession({ establishmentId: 'est-1', id: 'draft-1', token: 'secret' }, undefined);
    expect(readDraftSession('est-1', undefined)).toBeNull();
  });
});
