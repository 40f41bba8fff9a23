import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { loadProfile } from './get-profile';

afterEach(() => vi.unstubAllGlobals());

describe('the profile load flow (spec section 4)', () => {
  it('makes the register call when MFA is pending and enabled, and on 202 marks registration complete', async () => {
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: profileFixture({ mfa_status: true, pending_mfa: true }) },
      'POST /api/profile/register/': { status: 202, body: { detail: 'Registration complete.' } },
    });
    const profile = await loadProfile();
    expect(api.callsTo('POST /api/profile/register/')).toHaveLength(1);
    expect(profile).toMatchObject({ registration_completed: true, pending_mfa: false, mfa_status: true });
  });

  it('leaves registration unfinished when the register call finds details missing (400)', async () => {
    fakeApi({
      'GET /api/profile/': { status: 200, body: profileFixture({ mfa_status: true, pending_mfa: true }) },
      'POST /api/profile/register/': { status: 400, body: { practices: ['Not selected'] } },
    });
    expect(await loadProfile()).toMatchObject({ registration_completed: false });
  });

  it('makes no register call while MFA is only being enrolled, or for a registered user', async () => {
    for (const profile of [
      profileFixture({ mfa_status: false, pending_mfa: true }),
      profileFixture({ mfa_status: true, pending_mfa: false, registration_completed: true }),
    ]) {
      const api = fakeApi({ 'GET /api/profile/': { status: 200, body: profile } });
      expect(await loadProfile()).toEqual(profile);
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/profile/']);
    }
  });
});
