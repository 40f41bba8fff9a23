import type { DocumentReference, Patient } from '@medplum/fhirtypes';
import type { MemoryRepository } from '@medplum/fhir-router';

// The sandbox holds a handful of patients and the letters of a test run; one page is all of them.
const ALL = 1000;

export async function listPatients(repo: MemoryRepository): Promise<Patient[]> {
  const patients = await repo.searchResources<Patient>({ resourceType: 'Patient', count: ALL });
  return patients.sort((a, b) => (a.name?.[0]?.family ?? '').localeCompare(b.name?.[0]?.family ?? ''));
}

/** The documents filed for each patient (by patient id), newest first. */
export async function listFiledDocuments(repo: MemoryRepository): Promise<Map<string, DocumentReference[]>> {
  const documents = await repo.searchResources<DocumentReference>({
    resourceType: 'DocumentReference',
    count: ALL,
  });
  const byPatient = new Map<string, DocumentReference[]>();
  for (const document of documents.sort((a, b) => filedAt(b).localeCompare(filedAt(a)))) {
    const patientId = document.subject?.reference?.replace(/^Patient\//, '');
    if (patientId) byPatient.set(patientId, [...(byPatient.get(patientId) ?? []), document]);
  }
  return byPatient;
}

export function filedAt(document: DocumentReference): string {
  return document.date ?? document.meta?.lastUpdated ?? '';
}

export function documentTitle(document: DocumentReference): string {
  return document.description ?? document.content[0]?.attachment.title ?? document.type?.text ?? 'Document';
}

/** The stored resources that Referrals filed, which a reset takes away. */
export async function deleteFiledDocuments(repo: MemoryRepository): Promise<void> {
  for (const resourceType of ['DocumentReference', 'Binary'] as const) {
    for (const resource of await repo.searchResources({ resourceType, count: ALL })) {
      await repo.deleteResource(resourceType, resource.id);
    }
  }
}
