import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/test/memory-storage';
import { forgetStored, readStoredJson, writeStoredJson } from './browser-storage';

const isName = (parsed: unknown) =>
  typeof parsed === 'object' && parsed !== null && 'name' in parsed && typeof parsed.name === 'string'
    ? parsed.name
    : null;

describe('a JSON value kept in storage', () => {
  it('is read back under its own key until forgotten', () => {
    const storage = memoryStorage();
    expect(readStoredJson(storage, 'k', isName)).toBeNull();
    writeStoredJson(storage, 'k', { name: 'Ada' });
    expect(storage.getItem('k')).toBe('{"name":"Ada"}');
    expect(readStoredJson(storage, 'k', isName)).toBe('Ada');
    expect(readStoredJson(storage, 'other', isName)).toBeNull();
    forgetStored(storage, 'k');
    expect(readStoredJson(storage, 'k', isName)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('drops an entry that is not JSON or that the reader refuses', () => {
    const storage = memoryStorage();
    storage.setItem('damaged', '{not json');
    storage.setItem('refused', '{"name":1}');
    expect(readStoredJson(storage, 'damaged', isName)).toBeNull();
    expect(readStoredJson(storage, 'refused', isName)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('remembers nothing without storage, or when storage refuses to keep it', () => {
    writeStoredJson(undefined, 'k', { name: 'Ada' });
    expect(readStoredJson(undefined, 'k', isName)).toBeNull();
    forgetStored(undefined, 'k');
    const full: Storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeStoredJson(full, 'k', { name: 'Ada' })).not.toThrow();
  });
});
