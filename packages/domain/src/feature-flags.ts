/**
 * Build-time feature flags and their defaults (section 9). Each can be overridden by an
 * environment variable named by featureFlagEnvName (mrnRework -> FEATURE_MRN_REWORK).
 */
export const FEATURE_FLAG_DEFAULTS = {
  mrnRework: true,
  sessionExpiry: true,
  qrExternalReferral: true,
  multipleReports: true,
  userTagging: true,
  emr: true,
  caseConferences: true,
  captcha: true,
  newPracticeManagerSubRoles: true,
  establishmentsOptimisation: true,
  patientAttachment: false,
  gpReportsInbox: false,
  spReportsInbox: false,
  reportListUpdate: false,
  healthNetworkIntegration: false,
  frontEndPdf: false,
  pathologyReferrals: false,
  imagingReferrals: false,
  maintenance: false,
  singleSignOnAccountLinking: false,
  clinicalSystemUnavailable: false,
  friendlyForwarding: false,
  domainWhitelistWarning: false,
  providerNumberRequired: false,
  digitalMedicationOrder: false,
} as const satisfies Readonly<Record<string, boolean>>;

export type FeatureFlagName = keyof typeof FEATURE_FLAG_DEFAULTS;
export type FeatureFlags = Record<FeatureFlagName, boolean>;

/** Every flag name, in the defaults' order. */
export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlagName[];

const TRUE_VALUES: readonly string[] = ['true', '1', 'on'];
const FALSE_VALUES: readonly string[] = ['false', '0', 'off'];

/** The environment variable that overrides a flag: FEATURE_ plus the name in upper snake case (section 9). */
export function featureFlagEnvName(name: FeatureFlagName): string {
  return `FEATURE_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/**
 * Flags from the environment over the section 9 defaults: true/false/1/0/on/off in any case; an unset
 * or blank variable keeps the default; any other value is reported in errors, naming the variable,
 * and the default is kept so the caller can stop with the whole list (house-style.md: configuration).
 */
export function resolveFeatureFlags(env: Record<string, string | undefined>): {
  flags: FeatureFlags;
  errors: string[];
} {
  const flags: FeatureFlags = { ...FEATURE_FLAG_DEFAULTS };
  const errors: string[] = [];
  for (const name of FEATURE_FLAG_NAMES) {
    const variable = featureFlagEnvName(name);
    const raw = env[variable];
    if (raw === undefined || raw.trim() === '') continue;
    const value = raw.trim().toLowerCase();
    if (TRUE_VALUES.includes(value)) flags[name] = true;
    else if (FALSE_VALUES.includes(value)) flags[name] = false;
    else errors.push(`${variable} must be one of true, false, 1, 0, on or off (got ${JSON.stringify(raw)})`);
  }
  return { flags, errors };
}
