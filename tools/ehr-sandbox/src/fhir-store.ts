import { getStatus, isResource, validateResource, OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { FhirRouter, MemoryRepository, type HttpMethod } from '@medplum/fhir-router';
import { loadFhirDefinitions } from './fhir-definitions.ts';
import { seedRecord } from './seed/seed-record.ts';

export type FhirCall = {
  method: HttpMethod;
  /** The path under the FHIR base and its query, e.g. `Condition?patient=abc`. */
  url: string;
  body?: unknown;
};

export type FhirAnswer = { status: number; body: Resource | OperationOutcome };

export type FhirStore = {
  repo: MemoryRepository;
  handle(call: FhirCall): Promise<FhirAnswer>;
};

/** The sandbox's clinical record: an in-memory FHIR R4 server, seeded afresh each time it is created. */
export async function createFhirStore(): Promise<FhirStore> {
  loadFhirDefinitions();
  const repo = new MemoryRepository();
  const router = new FhirRouter();
  await seedRecord(repo);

  async function handle(call: FhirCall): Promise<FhirAnswer> {
    // MemoryRepository stores whatever it is given; a real record system refuses a malformed resource,
    // and Referrals must see that refusal in development, not first in production.
    if ((call.method === 'POST' || call.method === 'PUT') && isResource(call.body)) {
      const invalid = validationProblems(call.body);
      if (invalid) return { status: 400, body: invalid };
    }
    const [outcome, resource] = await router.handleRequest(
      {
        method: call.method,
        url: withPatientReferences(call.url),
        pathname: '',
        body: call.body,
        params: {},
        query: {},
      },
      repo,
    );
    return { status: getStatus(outcome), body: resource ?? outcome };
  }

  return { repo, handle };
}

function validationProblems(resource: Resource): OperationOutcome | undefined {
  try {
    validateResource(resource);
    return undefined;
  } catch (error) {
    if (error instanceof OperationOutcomeError) return error.outcome;
    throw error;
  }
}

/**
 * Clients write `?patient=123` as FHIR allows; Medplum's memory search matches only the full reference
 * `Patient/123`, so a bare id is completed before the search.
 */
function withPatientReferences(url: string): string {
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  if (!query) return url;
  const params = new URLSearchParams(query);
  const patient = params.get('patient');
  if (patient && !patient.includes('/')) params.set('patient', `Patient/${patient}`);
  return `${path}?${params.toString()}`;
}
