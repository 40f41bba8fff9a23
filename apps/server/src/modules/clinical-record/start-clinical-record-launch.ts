import * as oauth from 'openid-client';
import {
  UNKNOWN_RECORD_SYSTEM_MESSAGE,
  type ClinicalRecordLaunchStart,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { clinicalRecordLaunches } from '../../db/schema/clinical-record.ts';
import { validationFailed } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { hashToken } from '../auth/one-time-tokens.ts';
import { launchRedirectUri, recordSystemClient, recordSystemOf } from './record-system-client.ts';

/** How long the person has to sign in at the record system before the launch must start again. */
export const LAUNCH_SIGN_IN_MS = 10 * 60_000;

/**
 * The scopes Referrals asks for: who is signed in (openid fhirUser email), the patient in context (launch, or
 * launch/patient when started here), reading their record, filing the letter back, and a refresh token so
 * the filing can be retried after the access token has expired.
 */
export function launchScope(standalone: boolean): string {
  return [
    'openid',
    'fhirUser',
    'email',
    standalone ? 'launch/patient' : 'launch',
    'patient/*.rs',
    'patient/DocumentReference.c',
    'offline_access',
  ].join(' ');
}

/**
 * POST clinical-record/launches/: the first half of a SMART launch (EHR launch with `launch`, standalone
 * without). Checks the record system is one we know, reads its SMART configuration, keeps the PKCE verifier
 * and the state's hash, and answers the address of its authorization server to send the browser to.
 */
export async function startClinicalRecordLaunch(
  db: Database,
  options: { config: Config; actor: AuditActor; body: ClinicalRecordLaunchStart },
): Promise<{ authorization_url: string }> {
  const { config, body } = options;
  const system = recordSystemOf(config, body.iss);
  if (!system) throw validationFailed({ iss: [UNKNOWN_RECORD_SYSTEM_MESSAGE] });
  const client = await recordSystemClient(config, system);
  const state = oauth.randomState();
  const nonce = oauth.randomNonce();
  const codeVerifier = oauth.randomPKCECodeVerifier();
  const url = oauth.buildAuthorizationUrl(client, {
    redirect_uri: launchRedirectUri(config),
    scope: launchScope(body.launch === undefined),
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    aud: system.iss,
    ...(body.launch === undefined ? {} : { launch: body.launch }),
  });
  await db.transaction(async (tx) => {
    const [launch] = await tx
      .insert(clinicalRecordLaunches)
      .values({
        system: system.key,
        state_hash: hashToken(state),
        code_verifier: codeVerifier,
        nonce,
        expires_at: new Date(Date.now() + LAUNCH_SIGN_IN_MS),
      })
      .returning({ id: clinicalRecordLaunches.id });
    await recordAudit(tx, options.actor, {
      action: 'clinical-record.launch',
      resourceType: 'clinical-record-launch',
      resourceId: launch?.id ?? null,
      detail: { system: system.key, standalone: body.launch === undefined },
    });
  });
  return { authorization_url: url.toString() };
}
