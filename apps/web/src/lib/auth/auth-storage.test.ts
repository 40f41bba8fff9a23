import { describe, expect, it } from 'vitest';
import {
  clearPendingSignIn,
  clearRefreshToken,
  readPendingSignIn,
  readRefreshToken,
  readTimestamp,
  safeReturnTo,
  writePendingSignIn,
  writeRefreshToken,
  writeTimestamp,
} from './auth-storage';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('safeReturnTo', () => {
  it('keeps paths on this site with their query and hash', () => {
    expect(safeReturnTo('/referrals/inbox/all?page=2#top')).toBe('/referrals/inbox/all?page=2#top');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'referrals',
    '',
    undefined,
    42,
    '/login',
    '/logout',
    '/authorize?code=x',
  ])('turns %s into /', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});

describe('pending sign-in', () => {
  it('round-trips through storage and is gone once cleared', () => {
    const storage = memoryStorage();
    writePendingSignIn(storage, { returnTo: '/patients', verifier: 'v', state: 's' });
    expect(readPendingSignIn(storage)).toEqual({ returnTo: '/patients', verifier: 'v', state: 's' });
    clearPendingSignIn(storage);
    expect(readPendingSignIn(storage)).toBeUndefined();
  });

  it('ignores unreadable entries and unsafe return addresses', () => {
    const storage = memoryStorage();
    storage.setItem('referrals.sign-in', '{not json');
    expect(readPendingSignIn(storage)).toBeUndefined();
    storage.setItem('referrals.sign-in', JSON.stringify({ returnTo: 'https://evil.example', state: 1 }));
    expect(readPendingSignIn(storage)).toEqual({ returnTo: '/' });
  });

  it('survives a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    writePendingSignIn(throwing, { returnTo: '/' });
    expect(readPendingSignIn(throwing)).toBeUndefined();
  });
});

describe('timestamps', () => {
  it('reads back what was written and null for nothing or garbage', () => {
    const storage = memoryStorage();
    expect(readTimestamp(storage, 'k')).toBeNull();
    writeTimestamp(storage, 'k', 1_700_000_000_000);
    expect(readTimestamp(storage, 'k')).toBe(1_700_000_000_000);
    storage.setItem('k', 'yesterday');
    expect(readTimestamp(storage, 'k')).toBeNull();
  });
});

describe('refresh token of an external provider', () => {
  it('round-trips through storage and is gone once cleared', () => {
    const storage = memoryStorage();
    expect(readRefreshToken(storage)).toBeNull();
    writeRefreshToken(storage, 'rt-1');
    expect(readRefreshToken(storage)).toBe('rt-1');
    clearRefreshToken(storage);
    expect(readRefreshToken(storage)).toBeNull();
    expect(readRefreshToken(undefined)).toBeNull();
  });
});
