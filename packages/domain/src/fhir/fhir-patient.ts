import { IHI_SYSTEM, MEDICARE_SYSTEM, type FhirPatient } from '../clinical-record/fhir-record.ts';
import type { Patient, PatientSummary } from '../patients/patient-schemas.ts';

/**
 * What a FHIR Patient is made from: the whole record (a read), or a patient list's row (a search), which
 * lacks the IHI, the MRNs and the address; such a Patient is tagged SUBSETTED, as FHIR marks a resource
 * given in part, and reading it gives the whole.
 */
export type FhirPatientSource = PatientSummary &
  Partial<
    Pick<Patient, 'ihi' | 'mrns' | 'address1' | 'address2' | 'city' | 'state' | 'postcode' | 'updated_at'>
  >;

const GENDER_OF_SEX: Record<string, 'male' | 'female' | 'other' | 'unknown'> = {
  M: 'male',
  F: 'female',
  O: 'other',
  U: 'unknown',
};
const IDENTIFIER_TYPES = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/**
 * A patient as the FHIR API gives it (docs/interop.md): AU Base's identifiers, Medicare with the individual
 * reference number as its 11th digit and IHI in their national systems (the reverse of recordPatientOf),
 * and each MRN the caller's establishment holds, typed MR and assigned by the establishment.
 */
export function fhirPatientOf(
  patient: FhirPatientSource,
  establishmentReference: (id: string) => string,
): FhirPatient {
  const medicare =
    patient.pub_insurance_type === 'MDCR' && patient.pub_insurance_details
      ? `${patient.pub_insurance_details}${patient.medicare_ref_num ?? ''}`
      : null;
  const line = [patient.address1, patient.address2].filter((part): part is string => !!part);
  return {
    resourceType: 'Patient',
    id: patient.id,
    meta: {
      versionId: String(patient.version),
      ...(patient.updated_at ? { lastUpdated: patient.updated_at } : {}),
      ...(patient.mrns === undefined ? { tag: [SUBSETTED] } : {}),
    },
    identifier: [
      ...(patient.ihi
        ? [
            {
              type: typed('NI', 'National unique individual identifier'),
              system: IHI_SYSTEM,
              value: patient.ihi,
            },
          ]
        : []),
      ...(medicare
        ? [{ type: typed('MC', "Patient's Medicare number"), system: MEDICARE_SYSTEM, value: medicare }]
        : []),
      ...(patient.mrns ?? []).map((mrn) => ({
        type: typed('MR', 'Medical record number'),
        value: mrn.number,
        assigner: {
          reference: establishmentReference(mrn.establishment.id),
          display: mrn.establishment.name,
        },
      })),
    ],
    name: [
      {
        use: 'official',
        family: patient.last_name,
        given: patient.first_name.split(/\s+/).filter(Boolean),
        ...(patient.title ? { prefix: [patient.title] } : {}),
      },
    ],
    birthDate: patient.dob,
    ...(patient.sex && GENDER_OF_SEX[patient.sex] ? { gender: GENDER_OF_SEX[patient.sex] } : {}),
    telecom: [
      ...(patient.phone ? [{ system: 'phone', value: patient.phone }] : []),
      ...(patient.email ? [{ system: 'email', value: patient.email }] : []),
    ],
    address:
      line.length > 0 || patient.city || patient.postcode
        ? [
            {
              use: 'home',
              ...(line.length > 0 ? { line } : {}),
              ...(patient.city ? { city: patient.city } : {}),
              ...(patient.state ? { state: patient.state } : {}),
              ...(patient.postcode ? { postalCode: patient.postcode } : {}),
              country: 'AU',
            },
          ]
        : [],
  };
}

const SUBSETTED = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
  code: 'SUBSETTED',
  display: 'subsetted',
};

const typed = (code: string, display: string) => ({ coding: [{ system: IDENTIFIER_TYPES, code, display }] });
