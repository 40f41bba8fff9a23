import { medicareCheckDigit } from '@referrals/domain/identifiers/medicare-card';

/**
 * Realistic Australian sample data for factories and the demo seed. A small seeded generator keeps the
 * demo the same on every machine while tests still get varied records.
 */
export function createSampler(seed = 20261123) {
  let state = seed >>> 0;
  const next = () => {
    // mulberry32: tiny, fast and good enough for sample data (never for secrets).
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return { next, int, pick };
}
export type Sampler = ReturnType<typeof createSampler>;

export const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'William',
  'Amelia',
  'Noah',
  'Isla',
  'Thomas',
  'Mia',
  'Oliver',
  'Ava',
  'Lachlan',
  'Grace',
  'Liam',
  'Chloe',
  'Ethan',
  'Zoe',
  'Mason',
  'Ruby',
  'Lucas',
  'Aroha',
  'Mei',
  'Arjun',
  'Fatima',
  'Nikos',
  'Thi',
  'Siosaia',
  'Priya',
  'Kai',
  'Matilda',
] as const;

export const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Tran',
  'Papadopoulos',
  'Singh',
  'Chen',
  'Murphy',
  "O'Connor",
  'Campbell',
  'Patel',
  'Rossi',
  'Kumar',
  'Fraser',
] as const;

/** Suburbs with their real postcodes and states. */
export const SUBURBS = [
  { city: 'Balmain', state: 'NSW', postcode: '2041' },
  { city: 'Parramatta', state: 'NSW', postcode: '2150' },
  { city: 'Newtown', state: 'NSW', postcode: '2042' },
  { city: 'Chatswood', state: 'NSW', postcode: '2067' },
  { city: 'Fitzroy', state: 'VIC', postcode: '3065' },
  { city: 'Geelong', state: 'VIC', postcode: '3220' },
  { city: 'Fortitude Valley', state: 'QLD', postcode: '4006' },
  { city: 'Fremantle', state: 'WA', postcode: '6160' },
  { city: 'Glenelg', state: 'SA', postcode: '5045' },
  { city: 'Sandy Bay', state: 'TAS', postcode: '7005' },
  { city: 'Braddon', state: 'ACT', postcode: '2612' },
  { city: 'Parap', state: 'NT', postcode: '0820' },
] as const;

export const STREETS = [
  'Darling Street',
  'Church Street',
  'King Street',
  'Victoria Road',
  'Brunswick Street',
  'Pakington Street',
  'Ann Street',
  'High Street',
  'Jetty Road',
  'Sandy Bay Road',
  'Lonsdale Street',
  'Parap Road',
] as const;

export function sampleAddress(s: Sampler) {
  const suburb = s.pick(SUBURBS);
  return { address1: `${s.int(1, 240)} ${s.pick(STREETS)}`, ...suburb };
}

/** A mobile number in the 04xx xxx xxx form. */
export function sampleMobile(s: Sampler): string {
  return `04${s.int(10, 99)} ${s.int(100, 999)} ${s.int(100, 999)}`;
}

/** A Medicare card number with a valid check digit and issue number. */
export function sampleMedicareNumber(s: Sampler): string {
  const firstEight = `${s.int(2, 6)}${String(s.int(0, 9_999_999)).padStart(7, '0')}`;
  return `${firstEight}${medicareCheckDigit(firstEight)}${s.int(1, 9)}`;
}

/** A date of birth between the given ages, as YYYY-MM-DD. */
export function sampleDob(s: Sampler, minAge = 1, maxAge = 95, today = new Date()): string {
  const year = today.getUTCFullYear() - s.int(minAge, maxAge);
  return `${year}-${String(s.int(1, 12)).padStart(2, '0')}-${String(s.int(1, 28)).padStart(2, '0')}`;
}
