import { FEATURE_FLAG_DEFAULTS } from '@referrals/domain/feature-flags';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { accountLinkingNeeded, maintenanceStop } from './require-sign-in';

afterEach(() => vi.unstubAllGlobals());

const flagOn = { ...FEATURE_FLAG_DEFAULTS, singleSignOnAccountLinking: true };
const nswClinician = profileFixture({ email: 'a.rahman@health.nsw.gov.au', registration_completed: true });
const status = (linkedAt: string | null) => ({
  status: 200,
  body: {
    email: nswClinician.email,
    health_organisation: { value: 'NSW_HEALTH', display: 'NSW Health' },
    sso_linking_available: true,
    linked_at: linkedAt,
  },
});

describe('the start-up redirect to account linking (spec section 2 Start-up redirects)', () => {
  it('sends a registered user with a health-organisation address there until the account is linked', async () => {
    fakeApi({ 'GET /api/profile/initiate-sso/': status(null) });
    expect(await accountLinkingNeeded(new QueryClient(), flagOn, nswClinician, '/')).toBe(true);
    fakeApi({ 'GET /api/profile/initiate-sso/': status('2026-11-20T01:00:00Z') });
    expect(await accountLinkingNeeded(new QueryClient(), flagOn, nswClinician, '/')).toBe(false);
  });

  it('asks the server nothing without the flag, without a matching address, during registration or on the page itself', async () => {
    const api = fakeApi({});
    const client = new QueryClient();
    expect(await accountLinkingNeeded(client, FEATURE_FLAG_DEFAULTS, nswClinician, '/')).toBe(false);
    expect(
      await accountLinkingNeeded(client, flagOn, profileFixture({ email: 'gp@demo.test' }), '/patients'),
    ).toBe(false);
    expect(
      await accountLinkingNeeded(client, flagOn, { ...nswClinician, registration_completed: false }, '/'),
    ).toBe(false);
    expect(await accountLinkingNeeded(client, flagOn, nswClinician, '/account-linking')).toBe(false);
    expect(api.calls).toHaveLength(0);
  });

  it('lets the user in when the check fails', async () => {
    fakeApi({ 'GET /api/profile/initiate-sso/': { status: 503, body: { detail: 'Unavailable.' } } });
    expect(await accountLinkingNeeded(new QueryClient(), flagOn, nswClinician, '/')).toBe(false);
  });
});

describe('down for maintenance by the platform administrators’ switch (README, Maintenance)', () => {
  const down = Promise.resolve({
    maintenance: true,
    source: 'switch' as const,
    message: null,
    expected_end: null,
  });
  const up = Promise.resolve({ maintenance: false, source: null, message: null, expected_end: null });

  it('sends everyone else, signed in or not, to /maintenance, which knows where to bring them back', async () => {
    for (const profile of [null, profileFixture({ is_platform_admin: false })]) {
      const stop = await maintenanceStop(down, profile, '/referrals/inbox/all?page=2');
      expect(stop?.status).toBe(302);
      expect(stop?.headers.get('Location')).toBe('/maintenance?next=%2Freferrals%2Finbox%2Fall%3Fpage%3D2');
    }
  });

  it('lets a platform administrator in, and everyone in while the service is up or its status unknown', async () => {
    expect(await maintenanceStop(down, profileFixture({ is_platform_admin: true }), '/')).toBeNull();
    expect(await maintenanceStop(up, null, '/')).toBeNull();
    expect(await maintenanceStop(Promise.resolve(null), null, '/')).toBeNull();
  });
});
