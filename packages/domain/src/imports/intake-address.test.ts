import { describe, expect, it } from 'vitest';
import { domainOfAddress, intakeAddress, slugOfIntakeAddress } from './intake-address.ts';

describe('intake addresses', () => {
  const domain = 'referrals.localhost';

  it('names an establishment by its slug after the plus', () => {
    expect(intakeAddress('north-shore-heart-clinic', domain)).toBe(
      'referrals+north-shore-heart-clinic@referrals.localhost',
    );
    expect(slugOfIntakeAddress('referrals+north-shore-heart-clinic@referrals.localhost', domain)).toBe(
      'north-shore-heart-clinic',
    );
  });

  it('reads the address without regard to case, as mail software may change it', () => {
    expect(slugOfIntakeAddress('REFERRALS+North-Shore-Heart-Clinic@Referrals.LOCALHOST', domain)).toBe(
      'north-shore-heart-clinic',
    );
  });

  it('is no intake address without the plus and a slug, or at another domain', () => {
    for (const address of [
      'referrals@referrals.localhost',
      'referrals+@referrals.localhost',
      'reception+north-shore@referrals.localhost',
      'referrals+north-shore@referrals.example',
      'referrals+north-shore',
    ])
      expect(slugOfIntakeAddress(address, domain), address).toBeNull();
  });

  it('takes the domain of a sender, and none of the null sender', () => {
    expect(domainOfAddress('Reception@Harbourside.Example')).toBe('harbourside.example');
    expect(domainOfAddress('')).toBe('');
  });
});
