import { describe, expect, it } from 'vitest';
import { NAV_COLLAPSED_STORAGE_KEY, readNavCollapsed, writeNavCollapsed } from './nav-collapse-storage';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

const brokenStorage: Pick<Storage, 'getItem' | 'setItem'> = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('nav collapse storage', () => {
  it('starts expanded when nothing was remembered', () => {
    expect(readNavCollapsed(memoryStorage())).toBe(false);
    expect(readNavCollapsed(undefined)).toBe(false);
  });

  it('remembers collapsing and expanding again', () => {
    const storage = memoryStorage();
    writeNavCollapsed(storage, true);
    expect(storage.getItem(NAV_COLLAPSED_STORAGE_KEY)).toBe('true');
    expect(readNavCollapsed(storage)).toBe(true);
    writeNavCollapsed(storage, false);
    expect(readNavCollapsed(storage)).toBe(false);
  });

  it('treats an unexpected stored value as expanded', () => {
    const storage = memoryStorage();
    storage.setItem(NAV_COLLAPSED_STORAGE_KEY, 'yes');
    expect(readNavCollapsed(storage)).toBe(false);
  });

  it('survives a storage that throws', () => {
    expect(readNavCollapsed(brokenStorage)).toBe(false);
    expect(() => writeNavCollapsed(brokenStorage, true)).not.toThrow();
  });
});
