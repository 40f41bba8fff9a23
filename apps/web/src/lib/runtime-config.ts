import { APP_VERSION } from '@referrals/domain/constants';
import {
  FEATURE_FLAG_DEFAULTS,
  FEATURE_FLAG_NAMES,
  featureFlagEnvName,
  resolveFeatureFlags,
  type FeatureFlags,
} from '@referrals/domain/feature-flags';
import {
  RUNTIME_CONFIG_ELEMENT_ID,
  RuntimeConfigSchema,
  builtInAuthConfig,
  type RuntimeAuthConfig,
} from '@referrals/domain/runtime-config';

/** The start-up configuration with every flag known to the app resolved to a value. */
export type AppConfig = {
  flags: FeatureFlags;
  supportEmail: string;
  version: string;
  /** The OpenID provider the web app signs in with. */
  auth: RuntimeAuthConfig;
};

/** Used when the server did not inject a configuration (vite dev server). */
export const FALLBACK_SUPPORT_EMAIL = 'support@referrals.example';

type BuildEnv = Readonly<Record<string, unknown>>;

/**
 * Build-time overrides for the dev server, where no server injects the configuration: VITE_ plus the
 * flag's variable name (VITE_FEATURE_MRN_REWORK), because Vite only exposes VITE_-prefixed variables.
 */
function flagsFromBuildEnv(env: BuildEnv): FeatureFlags {
  const renamed: Record<string, string | undefined> = {};
  for (const name of FEATURE_FLAG_NAMES) {
    const variable = featureFlagEnvName(name);
    const value = env[`VITE_${variable}`];
    renamed[variable] = typeof value === 'string' ? value : undefined;
  }
  const { flags, errors } = resolveFeatureFlags(renamed);
  for (const error of errors) console.warn(`VITE_${error}`);
  return flags;
}

/**
 * Reads the server's embedded configuration (the text of the runtime-config script element), or falls
 * back to the defaults with build-time overrides when there is none. A malformed configuration falls back
 * too, loudly, because a blank screen helps nobody; unknown flag names are ignored. The fallback signs in
 * with the built-in provider of `origin`, the page's own (the dev server proxies /auth to the server).
 */
export function parseRuntimeConfig(
  embedded: string | null | undefined,
  env: BuildEnv,
  origin: string,
): AppConfig {
  if (embedded != null && embedded.trim() !== '') {
    try {
      const config = RuntimeConfigSchema.parse(JSON.parse(embedded));
      const flags: FeatureFlags = { ...FEATURE_FLAG_DEFAULTS };
      for (const name of FEATURE_FLAG_NAMES) {
        const value = config.flags[name];
        if (value !== undefined) flags[name] = value;
      }
      return { flags, supportEmail: config.support_email, version: config.version, auth: config.auth };
    } catch (error) {
      console.error('Ignoring the malformed runtime configuration', error);
    }
  }
  return {
    flags: flagsFromBuildEnv(env),
    supportEmail: FALLBACK_SUPPORT_EMAIL,
    version: APP_VERSION,
    auth: builtInAuthConfig(origin),
  };
}

let cached: AppConfig | undefined;

/** The configuration of this page load, read once from the document. */
export function getRuntimeConfig(): AppConfig {
  cached ??= parseRuntimeConfig(
    document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent,
    import.meta.env,
    window.location.origin,
  );
  return cached;
}
