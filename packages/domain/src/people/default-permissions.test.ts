import { describe, expect, it } from 'vitest';
import { defaultPermissionsFor } from './default-permissions.ts';

describe('the permissions a new employment starts with', () => {
  it('lets every provider send and manage referrals, and only receivers accept them', () => {
    expect(defaultPermissionsFor('GP')).toEqual(['manage_referral', 'add_referral']);
    expect(defaultPermissionsFor('SP')).toContain('accept_referral');
    expect(defaultPermissionsFor('PA')).toEqual(['manage_referral', 'accept_referral']);
  });

  it('gives practice managers administration, and nobody without a role anything', () => {
    expect(defaultPermissionsFor('PM')).toContain('administer_referral');
    expect(defaultPermissionsFor('SP')).not.toContain('administer_referral');
    expect(defaultPermissionsFor(null)).toEqual([]);
  });
});
