/** 'unauthorized' answers every FHIR call 401; 'down' answers every FHIR and discovery call 503. */
export type FhirFailure = 'unauthorized' | 'down';

export type SandboxFailures = {
  fhir?: FhirFailure | null;
  /** How many of the next DocumentReference creations to answer 503, as a record that is briefly busy. */
  refuseDocumentReferences?: number;
};

export type FailureSwitches = {
  /** Changes the failures named; the others stay as they are. */
  set(failures: SandboxFailures): void;
  clear(): void;
  fhirFailure(): FhirFailure | null;
  /** Whether this DocumentReference creation is to be refused; each refusal counts one off. */
  takeDocumentReferenceRefusal(): boolean;
};

/** The failures a test switches on to see how Referrals copes with a clinical record system misbehaving. */
export function createFailureSwitches(): FailureSwitches {
  let fhir: FhirFailure | null = null;
  let documentReferenceRefusals = 0;
  return {
    set(failures) {
      if (failures.fhir !== undefined) fhir = failures.fhir;
      if (failures.refuseDocumentReferences !== undefined)
        documentReferenceRefusals = failures.refuseDocumentReferences;
    },
    clear() {
      fhir = null;
      documentReferenceRefusals = 0;
    },
    fhirFailure: () => fhir,
    takeDocumentReferenceRefusal() {
      if (documentReferenceRefusals <= 0) return false;
      documentReferenceRefusals -= 1;
      return true;
    },
  };
}
