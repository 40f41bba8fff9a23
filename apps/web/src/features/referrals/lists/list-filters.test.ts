import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REFERRAL_LIST_FILTERS,
  readListFilters,
  REFERRAL_LIST_FILTERS_STORAGE_KEY,
  writeListFilters,
} from './list-filters';

const storageWith = (value: string | null) => ({ getItem: () => value });

describe('the saved list filters (spec section 3)', () => {
  it('reads back what was written', () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
    };
    const filters = { ...DEFAULT_REFERRAL_LIST_FILTERS, search: 'ngu', searchType: 'patient' as const };
    writeListFilters(storage, filters);
    expect(saved.has(REFERRAL_LIST_FILTERS_STORAGE_KEY)).toBe(true);
    expect(readListFilters(storage)).toEqual(filters);
  });

  it('keeps the readable fields of a stored value and defaults the rest', () => {
    const stored = JSON.stringify({
      myTags: true,
      searchType: 'nonsense',
      sort: 'password',
      submittedAfter: '1/2/26',
    });
    expect(readListFilters(storageWith(stored))).toEqual({ ...DEFAULT_REFERRAL_LIST_FILTERS, myTags: true });
  });

  it('remembers My tags as off, everything the user tagged, or one of their labels', () => {
    const read = (myTags: unknown) => readListFilters(storageWith(JSON.stringify({ myTags }))).myTags;
    expect(read(true)).toBe(true);
    expect(read(' Cardiac ')).toBe('Cardiac');
    expect(read('   ')).toBe(false);
    expect(read('x'.repeat(51))).toBe(false);
    expect(read(7)).toBe(false);
  });

  it('starts from the defaults when storage is empty, unreadable or refuses', () => {
    expect(readListFilters(storageWith(null))).toEqual(DEFAULT_REFERRAL_LIST_FILTERS);
    expect(readListFilters(storageWith('{not json'))).toEqual(DEFAULT_REFERRAL_LIST_FILTERS);
    expect(readListFilters(storageWith('42'))).toEqual(DEFAULT_REFERRAL_LIST_FILTERS);
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readListFilters(throwing)).toEqual(DEFAULT_REFERRAL_LIST_FILTERS);
    expect(() => writeListFilters(throwing, DEFAULT_REFERRAL_LIST_FILTERS)).not.toThrow();
  });
});
