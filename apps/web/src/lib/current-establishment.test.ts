import { roles } from '@referrals/domain/people/people-codes';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/test/memory-storage';
import {
  decideCurrentEstablishment,
  readRememberedEstablishment,
  rememberEstablishment,
} from './current-establishment';
import { employmentFixture } from './profile-fixtures';

describe('the remembered establishment', () => {
  it('is kept per user, so a colleague on the same computer does not inherit it', () => {
    const storage = memoryStorage();
    rememberEstablishment(storage, 'sarah@example.test', 'harbourside');
    expect(readRememberedEstablishment(storage, 'sarah@example.test')).toBe('harbourside');
    expect(readRememberedEstablishment(storage, 'karen@example.test')).toBeNull();
  });

  it('reads nothing from missing or garbled storage', () => {
    expect(readRememberedEstablishment(undefined, 'a@example.test')).toBeNull();
    const storage = memoryStorage();
    storage.setItem('referrals.current-establishment', '{not json');
    expect(readRememberedEstablishment(storage, 'a@example.test')).toBeNull();
  });
});

describe('decideCurrentEstablishment (spec section 4 Employment)', () => {
  const practice = employmentFixture('practice', 1, 'PR');
  const hospital = employmentFixture('hospital', 2, 'HL');
  const personal = employmentFixture('personal', 3, 'PA');

  it('keeps the preferred establishment when the user may act for it', () => {
    const gp = { role: roles.coded('GP'), employments: [practice, hospital, personal] };
    expect(decideCurrentEstablishment(gp, 'hospital')).toBe('hospital');
  });

  it('falls back to the primary, secondary, then professional one', () => {
    const gp = { role: roles.coded('GP'), employments: [practice, hospital, personal] };
    expect(decideCurrentEstablishment(gp, 'elsewhere')).toBe('practice');
    expect(decideCurrentEstablishment(gp, null)).toBe('practice');
    const requested = employmentFixture('practice', 1, 'PR', 'REQUESTED');
    const specialist = { role: roles.coded('SP'), employments: [requested, personal] };
    // A specialist waits for approval: the professional space is where they are until then.
    expect(decideCurrentEstablishment(specialist, 'practice')).toBe('personal');
  });
});
