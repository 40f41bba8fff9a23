import { describe, it, expect } from 'vitest';
import {
  FEATURE_FLAG_DEFAULTS,
  FEATURE_FLAG_NAMES,
  featureFlagEnvName,
  resolveFeatureFlags,
} from './feature-flags.ts';

const ON = [
  'mrnRework',
  'sessionExpiry',
  'qrExternalReferral',
  'multipleReports',
  'userTagging',
  'emr',
  'caseConferences',
  'captcha',
  'newPracticeManagerSubRoles',
  'establishmentsOptimisation',
];
const OFF = [
  'patientAttachment',
  'gpReportsInbox',
  'spReportsInbox',
  'reportListUpdate',
  'healthNetworkIntegration',
  'frontEndPdf',
  'pathologyReferrals',
  'imagingReferrals',
  'maintenance',
  'singleSignOnAccountLinking',
  'clinicalSystemUnavailable',
  'friendlyForwarding',
  'domainWhitelistWarning',
  'providerNumberRequired',
  'digitalMedicationOrder',
];

describe('feature flag defaults (section 9)', () => {
  it('turns on exactly the flags the spec lists as on', () => {
    expect(FEATURE_FLAG_NAMES.filter((name) => FEATURE_FLAG_DEFAULTS[name])).toEqual(ON);
  });

  it('turns off exactly the flags the spec lists as off', () => {
    expect(FEATURE_FLAG_NAMES.filter((name) => !FEATURE_FLAG_DEFAULTS[name])).toEqual(OFF);
  });
});

describe('featureFlagEnvName', () => {
  it('prefixes FEATURE_ and upper-snake-cases the name', () => {
    expect(featureFlagEnvName('mrnRework')).toBe('FEATURE_MRN_REWORK');
    expect(featureFlagEnvName('emr')).toBe('FEATURE_EMR');
    expect(featureFlagEnvName('qrExternalReferral')).toBe('FEATURE_QR_EXTERNAL_REFERRAL');
    expect(featureFlagEnvName('singleSignOnAccountLinking')).toBe('FEATURE_SINGLE_SIGN_ON_ACCOUNT_LINKING');
  });

  it('gives every flag a distinct variable', () => {
    expect(new Set(FEATURE_FLAG_NAMES.map(featureFlagEnvName)).size).toBe(FEATURE_FLAG_NAMES.length);
  });
});

describe('resolveFeatureFlags', () => {
  it('returns the defaults for an empty environment', () => {
    expect(resolveFeatureFlags({})).toEqual({ flags: FEATURE_FLAG_DEFAULTS, errors: [] });
  });

  it('keeps the default for a blank variable', () => {
    expect(resolveFeatureFlags({ FEATURE_MAINTENANCE: '  ' }).flags.maintenance).toBe(false);
  });

  it('accepts true, 1 and on in any case', () => {
    for (const value of ['true', 'TRUE', '1', 'on', 'On', 'ON ']) {
      const { flags, errors } = resolveFeatureFlags({ FEATURE_MAINTENANCE: value });
      expect(errors).toEqual([]);
      expect(flags.maintenance).toBe(true);
    }
  });

  it('accepts false, 0 and off in any case', () => {
    for (const value of ['false', 'False', '0', 'off', 'OFF']) {
      const { flags, errors } = resolveFeatureFlags({ FEATURE_MRN_REWORK: value });
      expect(errors).toEqual([]);
      expect(flags.mrnRework).toBe(false);
    }
  });

  it('reports any other value, naming the variable, and keeps the default', () => {
    const { flags, errors } = resolveFeatureFlags({ FEATURE_CAPTCHA: 'maybe', FEATURE_EMR: 'yes' });
    expect(errors).toEqual([
      'FEATURE_EMR must be one of true, false, 1, 0, on or off (got "yes")',
      'FEATURE_CAPTCHA must be one of true, false, 1, 0, on or off (got "maybe")',
    ]);
    expect(flags.captcha).toBe(true);
    expect(flags.emr).toBe(true);
  });

  it('ignores variables that are not flags', () => {
    expect(resolveFeatureFlags({ FEATURE_UNKNOWN: 'banana', PATH: '/bin' })).toEqual({
      flags: FEATURE_FLAG_DEFAULTS,
      errors: [],
    });
  });
});
