import { describe, expect, it } from 'vitest';
import { forgetAccessSession, readAccessSession, writeAccessSession } from './access-session-storage';

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

describe('the verified session a tab keeps for each link', () => {
  it('is read back for its own link until it expires, then forgotten', () => {
    const storage = memoryStorage();
    writeAccessSession('link-a', { session: 's-1', expires_at: '2030-01-01T10:30:00Z' }, storage);
    expect(readAccessSession('link-a', Date.parse('2030-01-01T10:00:00Z'), storage)).toBe('s-1');
    expect(readAccessSession('link-b', Date.parse('2030-01-01T10:00:00Z'), storage)).toBeNull();
    expect(readAccessSession('link-a', Date.parse('2030-01-01T10:31:00Z'), storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('is forgotten when asked, and a damaged entry is dropped', () => {
    const storage = memoryStorage();
    writeAccessSession('link-a', { session: 's-1', expires_at: '2030-01-01T10:30:00Z' }, storage);
    forgetAccessSession('link-a', storage);
    expect(readAccessSession('link-a', 0, storage)).toBeNull();
    storage.setItem('referrals.access-session.link-c', '{not json');
    expect(readAccessSession('link-c', 0, storage)).toBeNull();
    expect(storage.getItem('referrals.access-session.link-c')).toBeNull();
  });
});
