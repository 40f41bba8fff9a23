import { and, eq, gt } from 'drizzle-orm';
import * as oauth from 'openid-client';
import {
  LAUNCH_NOT_STARTED_HERE_MESSAGE,
  LAUNCH_REFUSED_MESSAGE,
  LAUNCH_WITHOUT_ACCOUNT_MESSAGE,
  LAUNCH_WITHOUT_PATIENT_MESSAGE,
  type ClinicalRecordLaunchComplete,
  type ClinicalRecordLaunchCompleted,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { clinicalRecordIdentities, clinicalRecordLaunches } from '../../db/schema/clinical-record.ts';
import { users } from '../../db/schema/people.ts';
import { ApiError, validationFailed } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { hashToken, issueOneTimeToken } from '../auth/one-time-tokens.ts';
import { readPractitionerEmail } from './read-record.ts';
import {
  isUnreachable,
  launchRedirectUri,
  recordSystemByKey,
  recordSystemClient,
  recordSystemFailed,
} from './record-system-client.ts';

type LaunchRow = typeof clinicalRecordLaunches.$inferSelect;

/** How long an authorized launch keeps its tokens: the day's filing back and its retries. */
export const AUTHORIZED_LAUNCH_MS = 24 * 60 * 60_000;

const refused = (message: string) => validationFailed({ non_field_errors: [message] });

/**
 * POST clinical-record/launches/complete/: the second half of a SMART launch. Takes the started launch of
 * this state (once: a second try finds nothing), exchanges the code with PKCE through openid-client, and
 * requires a patient in context and a person who has a Referrals account (their fhirUser as linked before,
 * else their email). Answers a one-time ticket that signs that person in to Referrals. Any failure leaves
 * nothing behind: the launch is taken before the exchange and kept only when everything succeeded.
 */
export async function completeClinicalRecordLaunch(
  db: Database,
  options: { config: Config; actor: AuditActor; body: ClinicalRecordLaunchComplete },
): Promise<ClinicalRecordLaunchCompleted> {
  const { config, body } = options;
  const [launch] = await db
    .delete(clinicalRecordLaunches)
    .where(
      and(
        eq(clinicalRecordLaunches.state_hash, hashToken(body.state)),
        eq(clinicalRecordLaunches.status, 'started'),
        gt(clinicalRecordLaunches.expires_at, new Date()),
      ),
    )
    .returning();
  const system = launch && recordSystemByKey(config, launch.system);
  if (!launch || !system || !launch.code_verifier || !launch.nonce) {
    throw validationFailed({ state: [LAUNCH_NOT_STARTED_HERE_MESSAGE] });
  }
  const failed = async (error: ApiError, reason: string): Promise<never> => {
    await recordAudit(db, options.actor, {
      action: 'clinical-record.launch',
      resourceType: 'clinical-record-launch',
      resourceId: launch.id,
      outcome: 'failure',
      detail: { system: system.key, reason },
    });
    throw error;
  };
  if (body.error !== undefined || body.code === undefined) {
    return failed(refused(LAUNCH_REFUSED_MESSAGE), body.error ?? 'no code');
  }

  const client = await recordSystemClient(config, system);
  const callback = new URL(launchRedirectUri(config));
  for (const [name, value] of Object.entries({ code: body.code, state: body.state, iss: body.iss })) {
    if (value !== undefined) callback.searchParams.set(name, value);
  }
  const tokens = await oauth
    .authorizationCodeGrant(client, callback, {
      pkceCodeVerifier: launch.code_verifier,
      expectedState: body.state,
      expectedNonce: launch.nonce,
      idTokenExpected: true,
    })
    .catch(async (error: unknown) =>
      isUnreachable(error)
        ? failed(recordSystemFailed(), 'unreachable')
        : failed(refused(LAUNCH_REFUSED_MESSAGE), 'token refused'),
    );
  const patientId = typeof tokens.patient === 'string' && tokens.patient !== '' ? tokens.patient : null;
  if (patientId === null) return failed(refused(LAUNCH_WITHOUT_PATIENT_MESSAGE), 'no patient');

  const claims = tokens.claims();
  const fhirUser = typeof claims?.fhirUser === 'string' ? claims.fhirUser : null;
  const email =
    typeof claims?.email === 'string'
      ? claims.email
      : fhirUser && (await readPractitionerEmail(client, tokens.access_token, system, fhirUser));
  const userId = await matchPerson(db, system.key, fhirUser, email || null);
  if (userId === null) {
    return failed(new ApiError(403, { detail: LAUNCH_WITHOUT_ACCOUNT_MESSAGE }), 'no account');
  }

  return db.transaction(async (tx) => {
    const authorized: LaunchRow = {
      ...launch,
      status: 'authorized',
      code_verifier: null,
      nonce: null,
      user_id: userId,
      patient_id: patientId,
      fhir_user: fhirUser,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? null,
      token_expires_at:
        tokens.expires_in === undefined ? null : new Date(Date.now() + tokens.expires_in * 1000),
      expires_at: new Date(Date.now() + AUTHORIZED_LAUNCH_MS),
    };
    await tx.insert(clinicalRecordLaunches).values(authorized);
    if (fhirUser !== null) {
      await tx
        .insert(clinicalRecordIdentities)
        .values({ system: system.key, fhir_user: fhirUser, user_id: userId })
        .onConflictDoNothing();
    }
    const ticket = await issueOneTimeToken(tx, {
      userId,
      purpose: 'record-launch',
      detail: { launch_id: launch.id },
    });
    await recordAudit(
      tx,
      { ...options.actor, actorId: userId },
      {
        action: 'clinical-record.launch',
        resourceType: 'clinical-record-launch',
        resourceId: launch.id,
        detail: { system: system.key, signed_in_as: fhirUser },
      },
    );
    return { launch_id: launch.id, sign_in_ticket: ticket };
  });
}

/** The account of the record system's user: linked by an earlier launch, else by the same email. */
async function matchPerson(
  db: Database,
  system: string,
  fhirUser: string | null,
  email: string | null,
): Promise<string | null> {
  if (fhirUser !== null) {
    const [linked] = await db
      .select({ userId: clinicalRecordIdentities.user_id })
      .from(clinicalRecordIdentities)
      .where(
        and(eq(clinicalRecordIdentities.system, system), eq(clinicalRecordIdentities.fhir_user, fhirUser)),
      );
    if (linked) return linked.userId;
  }
  if (email === null) return null;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return user?.id ?? null;
}
