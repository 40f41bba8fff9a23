import { describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS } from '@referrals/domain/feature-flags';
import { clinicalRecordLaunchRedirect } from './clinical-record-launch-redirect';

const at = (address: string) => new URL(address, 'https://referrals.example');
const flags = { ...FEATURE_FLAG_DEFAULTS };

describe('a clinical record launch at /', () => {
  it('goes to the launch screen with its query, for a launch and for the return from the sign-in', () => {
    expect(clinicalRecordLaunchRedirect(at('/?launch=abc&iss=https%3A%2F%2Fehr.example%2Ffhir'), flags)).toBe(
      '/clinical-record/launch?launch=abc&iss=https%3A%2F%2Fehr.example%2Ffhir',
    );
    expect(clinicalRecordLaunchRedirect(at('/?code=c1&state=s1'), flags)).toBe(
      '/clinical-record/launch?code=c1&state=s1',
    );
    expect(
      clinicalRecordLaunchRedirect(at('/?code=c1&state=s1&iss=https%3A%2F%2Fehr.example%2Foauth'), flags),
    ).toBe('/clinical-record/launch?code=c1&state=s1&iss=https%3A%2F%2Fehr.example%2Foauth');
    expect(clinicalRecordLaunchRedirect(at('/?error=access_denied&state=s1'), flags)).toBe(
      '/clinical-record/launch?error=access_denied&state=s1',
    );
  });

  it('goes to the unavailable page while the clinical system is flagged unavailable', () => {
    const unavailable = { ...flags, clinicalSystemUnavailable: true };
    expect(clinicalRecordLaunchRedirect(at('/?launch=abc&iss=x'), unavailable)).toBe('/sanro-unavailable');
    expect(clinicalRecordLaunchRedirect(at('/?code=c&state=s'), unavailable)).toBe('/sanro-unavailable');
  });

  it('leaves every other address alone', () => {
    expect(clinicalRecordLaunchRedirect(at('/'), flags)).toBeNull();
    expect(clinicalRecordLaunchRedirect(at('/?code=c1'), flags)).toBeNull();
    expect(clinicalRecordLaunchRedirect(at('/referrals/inbox?iss=x'), flags)).toBeNull();
  });
});
