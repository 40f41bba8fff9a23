import * as oauth from 'openid-client';
import {
  RECORD_RESOURCE_TYPES,
  type FhirObservation,
  type FhirPatient,
  type RecordResources,
} from '@referrals/domain/clinical-record/fhir-record';
import type { ClinicalRecordSystem } from '../../config.ts';
import { recordSystemExpired, recordSystemFailed } from './record-system-client.ts';

/** A signed-in conversation with a record system's FHIR server, for one launch's patient. */
export type RecordSession = {
  client: oauth.Configuration;
  system: ClinicalRecordSystem;
  accessToken: string;
};

/** Most resources of one type read for a summary: a record's whole history is not a referral's business. */
const SEARCH_PAGE = 200;

/**
 * One FHIR call with the launch's token (openid-client's protected-resource request). A 401 is the
 * integration expiring (spec section 8), a 403 or 404 is something the record system does not give us
 * (undefined), and anything else it cannot answer is a failure of the record system.
 */
export async function recordCall(
  session: RecordSession,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const headers = new Headers({ accept: 'application/fhir+json' });
  if (body !== undefined) headers.set('content-type', 'application/fhir+json');
  const response = await oauth
    .fetchProtectedResource(
      session.client,
      session.accessToken,
      new URL(`${session.system.iss}/${path}`),
      method,
      body === undefined ? null : JSON.stringify(body),
      headers,
    )
    .catch((error: unknown) => {
      if (error instanceof oauth.WWWAuthenticateChallengeError && error.status === 401)
        throw recordSystemExpired();
      throw recordSystemFailed();
    });
  if (response.status === 401) throw recordSystemExpired();
  if (response.status === 403 || response.status === 404) return undefined;
  if (!response.ok) throw recordSystemFailed();
  return response.json().catch(() => {
    throw recordSystemFailed();
  });
}

type Bundle = { resourceType: 'Bundle'; entry?: { resource?: { resourceType?: string } }[] };

async function search<T>(session: RecordSession, type: string, patientId: string): Promise<T[] | undefined> {
  const query = new URLSearchParams({ patient: patientId, _count: String(SEARCH_PAGE) });
  const bundle = (await recordCall(session, 'GET', `${type}?${query.toString()}`)) as Bundle | undefined;
  if (bundle === undefined) return undefined;
  // A search may include an OperationOutcome about the search itself; only the matches are read.
  return (bundle.entry ?? []).map((entry) => entry.resource).filter((r) => r?.resourceType === type) as T[];
}

/** What a launch reads of its patient (spec section 7 reads), and how many of each resource it got. */
export type RecordRead = {
  patient: FhirPatient;
  resources: RecordResources;
  /** The launch context observations, when the record system offers them. */
  context: { patient?: FhirObservation; provider?: FhirObservation };
  counts: Record<string, number>;
};

const contextObservation = async (session: RecordSession, id: 'CTX-PATIENT' | 'CTX-PROVIDER') => {
  const read = (await recordCall(session, 'GET', `Observation/${id}`)) as FhirObservation | undefined;
  return read?.resourceType === 'Observation' ? read : undefined;
};

/**
 * The patient, the launch context observations and the patient's record, read side by side. A resource
 * type the record system does not give is an empty list and is left out of the counts, so the referral says
 * what was, and was not, read.
 */
export async function readRecord(session: RecordSession, patientId: string): Promise<RecordRead> {
  const [patient, contextPatient, contextProvider, ...lists] = await Promise.all([
    recordCall(session, 'GET', `Patient/${encodeURIComponent(patientId)}`) as Promise<
      FhirPatient | undefined
    >,
    contextObservation(session, 'CTX-PATIENT'),
    contextObservation(session, 'CTX-PROVIDER'),
    ...RECORD_RESOURCE_TYPES.map((type) => search(session, type, patientId)),
  ]);
  if (patient?.resourceType !== 'Patient') throw recordSystemFailed();
  const resources = Object.fromEntries(
    RECORD_RESOURCE_TYPES.map((type, index) => [type, lists[index] ?? []]),
  ) as RecordResources;
  const counts = Object.fromEntries(
    RECORD_RESOURCE_TYPES.flatMap((type, index) =>
      lists[index] === undefined ? [] : [[type, lists[index].length]],
    ),
  );
  const context = {
    ...(contextPatient ? { patient: contextPatient } : {}),
    ...(contextProvider ? { provider: contextProvider } : {}),
  };
  const offered = Object.fromEntries(
    Object.entries({ 'CTX-PATIENT': contextPatient, 'CTX-PROVIDER': contextProvider }).flatMap(
      ([id, read]) => (read ? [[`Observation/${id}`, 1]] : []),
    ),
  );
  return { patient, resources, context, counts: { Patient: 1, ...offered, ...counts } };
}

/**
 * The email of the record system's user (their Practitioner resource's), when the id token has none. Only
 * a resource on the record system's own FHIR server is read: the token is never sent anywhere else.
 */
export async function readPractitionerEmail(
  client: oauth.Configuration,
  accessToken: string,
  system: ClinicalRecordSystem,
  fhirUser: string,
): Promise<string | null> {
  const path = fhirUser.startsWith(`${system.iss}/`) ? fhirUser.slice(system.iss.length + 1) : fhirUser;
  if (!/^(Practitioner|PractitionerRole|Person)\/[A-Za-z0-9\-.]{1,64}$/.test(path)) return null;
  const person = (await recordCall({ client, system, accessToken }, 'GET', path)) as
    { telecom?: { system?: string; value?: string }[] } | undefined;
  return person?.telecom?.find((t) => t.system === 'email' && t.value)?.value ?? null;
}
