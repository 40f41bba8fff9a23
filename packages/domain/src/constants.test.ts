import { describe, it, expect } from 'vitest';
import * as constants from './constants.ts';
import {
  referralDurationMonths,
  renewalDurationMonths,
  sessionInactivityTimeoutMs,
  DEFAULT_REFERRER_MESSAGE,
} from './constants.ts';

describe('section 9 constants', () => {
  it('pins every row of the table and the defaults', () => {
    expect({ ...constants }).toMatchObject({
      SESSION_INACTIVITY_TIMEOUT_MS: 1_800_000,
      SESSION_EXPIRY_WARNING_SECONDS: 60,
      ACTIVITY_EVENTS: ['mousedown', 'keydown', 'scroll', 'touchstart'],
      LOADER_TIMEOUT_MS: 15_000,
      TOKEN_REFRESH_RETRY_DELAY_MS: 1_000,
      ERROR_TOAST_MS: 3_000,
      SWITCH_FAILURE_TOAST_MS: 2_000,
      ERROR_TRACE_SAMPLE_RATE: 0.01,
      NOTIFICATION_POLL_MS: 30_000,
      NAV_STATS_POLL_MS: 20_000,
      STARTUP_DELAY_MS: 1_000,
      NOTIFICATION_BADGE_CAP: 99,
      UNREAD_COUNTER_CAP: 999,
      PAGE_SIZE: 10,
      UPLOAD_MAX_BYTES: 5_242_880,
      DEFAULT_MAX_FILES_PER_FIELD: 1,
      REFERRAL_ATTACHMENT_LIMIT: 20,
      SUPPLEMENTARY_ATTACHMENT_LIMIT: 5,
      CASE_CONFERENCE_LENGTH_DAYS: 14,
      MAX_REFERRAL_REPORT_COUNT: 20,
      REFERRAL_DURATION_MONTHS: { default: 12, specialist: 3 },
      RENEWAL_DURATION_MONTHS: { default: 12, specialist: 3 },
      VERIFICATION_CODE_REFRESH_SECONDS: 60,
      ATTACHMENT_RETRIEVAL_POLL_MS: 5_000,
      UNVERIFIED_EMPLOYMENT_COOKIE_DAYS: 365,
      CHUNK_LOAD_TIMEOUT_MS: 120_000,
      REFRESH_TOKEN_COOKIE: { sameSite: 'strict', secure: true },
      EAGER_ESTABLISHMENTS_COUNT: 5,
      REGISTRATION_WIZARD_PAGE_COUNT: 7,
      APP_VERSION: '26.3.0',
      DEFAULT_STATE: 'NSW',
      DEFAULT_CONTACT_METHOD: 'SMS',
      DEFAULT_INSURANCE_TYPE: 'MDCR',
      DEFAULT_TITLE: 'DR',
      DEFAULT_REFERRAL_STATUS: 'DRFT',
      DEFAULT_REPORT_TITLE: 'Report',
    });
  });

  it('keeps the default referrer message verbatim', () => {
    expect(DEFAULT_REFERRER_MESSAGE).toBe(
      'I am referring this patient for a comprehensive treatment and management plan with review as required.',
    );
  });

  it('upload max is exactly 5 MB', () => {
    expect(constants.UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024);
  });
});

describe('durations (section 5)', () => {
  it('gives specialists 3 months and everyone else 12 for referrals', () => {
    expect(referralDurationMonths('SP')).toBe(3);
    expect(referralDurationMonths('GP')).toBe(12);
    expect(referralDurationMonths('SPT')).toBe(12);
    expect(referralDurationMonths('PM')).toBe(12);
    expect(referralDurationMonths(null)).toBe(12);
    expect(referralDurationMonths(undefined)).toBe(12);
  });

  it('gives specialists 3 months and everyone else 12 for renewals', () => {
    expect(renewalDurationMonths('SP')).toBe(3);
    expect(renewalDurationMonths('GP')).toBe(12);
    expect(renewalDurationMonths('GPP')).toBe(12);
    expect(renewalDurationMonths(null)).toBe(12);
  });
});

describe('sessionInactivityTimeoutMs', () => {
  it('uses the profile session_expiry minutes when set', () => {
    expect(sessionInactivityTimeoutMs(15)).toBe(900_000);
  });

  it('falls back to 30 minutes when missing, zero, negative or not a number', () => {
    for (const value of [null, undefined, 0, -5, Number.NaN]) {
      expect(sessionInactivityTimeoutMs(value)).toBe(1_800_000);
    }
  });
});
