import * as oauth from 'openid-client';
import {
  CLINICAL_RECORD_EXPIRED_MESSAGE,
  CLINICAL_RECORD_FAILED_MESSAGE,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import type { ClinicalRecordSystem, Config } from '../../config.ts';
import { ApiError } from '../../http/api-errors.ts';

/** How long a record system may take to answer one call before the person is told it did not. */
const RECORD_SYSTEM_TIMEOUT_MS = 15_000;

/**
 * An outside system's failure is neither the caller's mistake nor our bug: a 502 that says which, with a
 * code the web app tells apart (docs/api.md, Errors). A 401 from the record system must not be a 401 here,
 * or the web app would take it for its own session ending.
 */
export const recordSystemExpired = () =>
  new ApiError(502, { detail: CLINICAL_RECORD_EXPIRED_MESSAGE, code: 'clinical_record_expired' });
export const recordSystemFailed = () =>
  new ApiError(502, { detail: CLINICAL_RECORD_FAILED_MESSAGE, code: 'clinical_record_unavailable' });

/** The configured record system that launches with this `iss`, or undefined for one we do not know. */
export function recordSystemOf(config: Config, iss: string): ClinicalRecordSystem | undefined {
  const wanted = iss.replace(/\/+$/, '');
  return config.clinicalRecordSystems.find((system) => system.iss === wanted);
}

export function recordSystemByKey(config: Config, key: string): ClinicalRecordSystem | undefined {
  return config.clinicalRecordSystems.find((system) => system.key === key);
}

/**
 * The OAuth client of a record system, from its SMART configuration ({iss}/.well-known/smart-configuration,
 * SMART App Launch 2.0 discovery): Referrals is a public client there, with PKCE. Plain http is allowed for
 * the record systems the configuration names (a sandbox on this machine); the configuration refuses it
 * elsewhere.
 */
export async function recordSystemClient(
  config: Config,
  system: ClinicalRecordSystem,
): Promise<oauth.Configuration> {
  const response = await fetch(`${system.iss}/.well-known/smart-configuration`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(RECORD_SYSTEM_TIMEOUT_MS),
  }).catch(() => undefined);
  const metadata: unknown = response?.ok ? await response.json().catch(() => undefined) : undefined;
  if (!isSmartConfiguration(metadata)) throw recordSystemFailed();
  const client = new oauth.Configuration(
    metadata,
    config.clinicalRecordClientId,
    { token_endpoint_auth_method: 'none' },
    oauth.None(),
  );
  client.timeout = RECORD_SYSTEM_TIMEOUT_MS / 1000;
  if (new URL(system.iss).protocol === 'http:') oauth.allowInsecureRequests(client);
  return client;
}

type SmartConfiguration = oauth.ServerMetadata & { authorization_endpoint: string; token_endpoint: string };

function isSmartConfiguration(value: unknown): value is SmartConfiguration {
  if (typeof value !== 'object' || value === null) return false;
  const metadata = value as Record<string, unknown>;
  return (
    typeof metadata.issuer === 'string' &&
    typeof metadata.authorization_endpoint === 'string' &&
    typeof metadata.token_endpoint === 'string'
  );
}

/** The address the record system sends the browser back to: the app's root (spec section 2, Start-up). */
export const launchRedirectUri = (config: Config) => `${config.publicUrl}/`;

/** A failure to reach the record system at all (refused, timed out, 5xx), as opposed to its refusal. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof oauth.ResponseBodyError) return error.status >= 500;
  if (error instanceof oauth.AuthorizationResponseError || error instanceof oauth.ClientError) {
    return isNetworkFailure(error.cause);
  }
  return isNetworkFailure(error);
}

const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
