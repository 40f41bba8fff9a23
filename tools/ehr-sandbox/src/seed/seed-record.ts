import type { MemoryRepository } from '@medplum/fhir-router';
import { clinicalRecords } from './clinical-records.ts';
import { PATIENTS } from './patients.ts';
import { PRACTICE, PRACTITIONERS, PRACTITIONER_ROLES } from './practitioners.ts';

/** Fills an empty store with the practice, its practitioners, its patients and their records. */
export async function seedRecord(repo: MemoryRepository): Promise<void> {
  // Practice, people and patients keep readable ids (updateResource creates with the id given), so a
  // developer and the e2e can name them; clinical entries get generated ids like a real record's.
  for (const resource of [PRACTICE, ...PRACTITIONERS, ...PRACTITIONER_ROLES, ...PATIENTS]) {
    await repo.updateResource(resource);
  }
  for (const resource of clinicalRecords()) {
    await repo.createResource(resource);
  }
}
