/**
 * Business constants and limits (spec section 9). One constant per row of the table, plus the
 * defaults bullet. Change a value here and every app follows.
 */

/** Session inactivity timeout: 30 minutes unless the profile's session_expiry (minutes) overrides it. */
export const SESSION_INACTIVITY_TIMEOUT_MS = 1_800_000;

/** The session-expiry dialog opens this many seconds before expiry and counts down to auto logout. */
export const SESSION_EXPIRY_WARNING_SECONDS = 60;

/** DOM events that count as user activity and reset the inactivity timer. */
export const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart'] as const;

/** The full-screen loader shows its timeout message after this long. */
export const LOADER_TIMEOUT_MS = 15_000;

/** A request that failed with 401 is retried this long after the token refresh. */
export const TOKEN_REFRESH_RETRY_DELAY_MS = 1_000;

/** The Server error toast hides after this long. */
export const ERROR_TOAST_MS = 3_000;

/** The toast shown when switching establishment fails hides after this long. */
export const SWITCH_FAILURE_TOAST_MS = 2_000;

/** Fraction of traces sent to error reporting (1%). */
export const ERROR_TRACE_SAMPLE_RATE = 0.01;

/** Notifications are polled this often. */
export const NOTIFICATION_POLL_MS = 30_000;

/** Side-navigation stats (unread counts) are polled this often. */
export const NAV_STATS_POLL_MS = 20_000;

/** Delay before start-up work (profile load, redirects) begins. */
export const STARTUP_DELAY_MS = 1_000;

/** The notification bell badge shows '99+' above this. */
export const NOTIFICATION_BADGE_CAP = 99;

/** Inbox, outbox and establishment-selector counters show '999+' above this. */
export const UNREAD_COUNTER_CAP = 999;

/** Items per page in lists (itemsPerPage). */
export const PAGE_SIZE = 10;

/** Largest accepted upload: 5 MB. */
export const UPLOAD_MAX_BYTES = 5_242_880;

/** A form template's file field accepts this many files unless it sets max_files. */
export const DEFAULT_MAX_FILES_PER_FIELD = 1;

/** Most attachments on one referral. */
export const REFERRAL_ATTACHMENT_LIMIT = 20;

/** Most supplementary attachments on one referral. */
export const SUPPLEMENTARY_ATTACHMENT_LIMIT = 5;

/** A case conference runs this many days. */
export const CASE_CONFERENCE_LENGTH_DAYS = 14;

/** Most clinical reports on one referral. */
export const MAX_REFERRAL_REPORT_COUNT = 20;

/** Referral validity in months: specialists' referrals 3, everyone else's 12 (section 5 Durations). */
export const REFERRAL_DURATION_MONTHS = { default: 12, specialist: 3 } as const;

/** Renewal duration in months: specialists 3, everyone else 12 (section 5 Durations). */
export const RENEWAL_DURATION_MONTHS = { default: 12, specialist: 3 } as const;

/** The referral verification code refreshes (and its countdown restarts) this often. */
export const VERIFICATION_CODE_REFRESH_SECONDS = 60;

/** Attachments being retrieved are polled this often. */
export const ATTACHMENT_RETRIEVAL_POLL_MS = 5_000;

/** Lifetime of the cookie marking an unverified employment (section 6 Rules). */
export const UNVERIFIED_EMPLOYMENT_COOKIE_DAYS = 365;

/** A lazily loaded chunk that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Attributes of the refresh-token cookie. */
export const REFRESH_TOKEN_COOKIE = { sameSite: 'strict', secure: true } as const;

/** With the establishments optimisation flag, this many establishments load before the rest. */
export const EAGER_ESTABLISHMENTS_COUNT = 5;

/** The registration wizard has up to this many pages, numbered 0 to 6. */
export const REGISTRATION_WIZARD_PAGE_COUNT = 7;

/** The application version shown to users and reported by the health check. */
export const APP_VERSION = '26.3.0';

/** Default Australian state of establishments, doctors and addresses. */
export const DEFAULT_STATE = 'NSW';

/** Default preferred contact method of a patient. */
export const DEFAULT_CONTACT_METHOD = 'SMS';

/** Default public insurance type of a patient (Medicare). */
export const DEFAULT_INSURANCE_TYPE = 'MDCR';

/** Default title of a profile, and of a patient whose title is empty (section 5 Patient save). */
export const DEFAULT_TITLE = 'DR';

/** Status of a new referral. */
export const DEFAULT_REFERRAL_STATUS = 'DRFT';

/** Default referrer_message of a new referral (section 3 Referral), verbatim. */
export const DEFAULT_REFERRER_MESSAGE =
  'I am referring this patient for a comprehensive treatment and management plan with review as required.';

/** Default title of a clinical report (section 3 Report). */
export const DEFAULT_REPORT_TITLE = 'Report';

/**
 * Roles whose referrals and renewals get the specialist duration. Only SP: the spec says
 * "specialists" and lists SPT separately as specialist in training, and Medicare's 3-month rule is
 * for referrals written by a recognised specialist.
 */
const SPECIALIST_DURATION_ROLES: readonly string[] = ['SP'];

/** Referral validity in months for the referrer's role: SP 3, everyone else 12 (section 5 Durations). */
export function referralDurationMonths(role: string | null | undefined): number {
  return role != null && SPECIALIST_DURATION_ROLES.includes(role)
    ? REFERRAL_DURATION_MONTHS.specialist
    : REFERRAL_DURATION_MONTHS.default;
}

/** Renewal duration in months for the renewer's role: SP 3, everyone else 12 (section 5 Durations). */
export function renewalDurationMonths(role: string | null | undefined): number {
  return role != null && SPECIALIST_DURATION_ROLES.includes(role)
    ? RENEWAL_DURATION_MONTHS.specialist
    : RENEWAL_DURATION_MONTHS.default;
}

/** Inactivity timeout in ms: the profile's session_expiry minutes when positive, else 30 minutes (section 9). */
export function sessionInactivityTimeoutMs(sessionExpiryMinutes: number | null | undefined): number {
  return sessionExpiryMinutes != null && Number.isFinite(sessionExpiryMinutes) && sessionExpiryMinutes > 0
    ? sessionExpiryMinutes * 60_000
    : SESSION_INACTIVITY_TIMEOUT_MS;
}
