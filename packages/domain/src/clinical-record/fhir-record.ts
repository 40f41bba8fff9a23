import { formatDate } from '../dates.ts';
import { AuStateSchema } from '../establishments/establishment-codes.ts';
import type { PatientWrite } from '../patients/patient-schemas.ts';
import { isValidProviderNumber, normaliseProviderNumber } from '../identifiers/medicare-provider-number.ts';
import { TITLES, type Title } from '../people/people-codes.ts';
import type {
  ClinicalMeasurements,
  ClinicalSummary,
  ClinicalSummaryItem,
} from './clinical-record-schemas.ts';

/**
 * The FHIR R4 resources a clinical record launch reads (spec section 7, Clinical record system), as far as
 * Referrals reads them, and how they become a Referrals patient and a clinical summary. Identifiers follow
 * AU Base (hl7.org.au/fhir): Medicare and IHI by their naming systems.
 */

export const MEDICARE_SYSTEM = 'http://ns.electronichealth.net.au/id/medicare-number';
export const IHI_SYSTEM = 'http://ns.electronichealth.net.au/id/hi/ihi/1.0';
export const MEDICARE_PROVIDER_SYSTEM = 'http://ns.electronichealth.net.au/id/medicare-provider-number';
const LOINC = 'http://loinc.org';
const BODY_WEIGHT = '29463-7';
const BODY_HEIGHT = '8302-2';

type Coding = { system?: string; code?: string; display?: string };
type CodeableConcept = { text?: string; coding?: Coding[] };
type Quantity = { value?: number; unit?: string; code?: string };
type Period = { start?: string; end?: string };
type Reference = { reference?: string; display?: string };
type Identifier = { system?: string; value?: string; type?: CodeableConcept; assigner?: Reference };

export type FhirPatient = {
  resourceType: 'Patient';
  id?: string;
  meta?: { versionId?: string; lastUpdated?: string; tag?: Coding[] };
  name?: { use?: string; family?: string; given?: string[]; prefix?: string[]; text?: string }[];
  birthDate?: string;
  gender?: string;
  telecom?: { system?: string; value?: string; use?: string }[];
  address?: {
    use?: string;
    line?: string[];
    city?: string;
    state?: string;
    postalCode?: string;
    country?: string;
  }[];
  identifier?: Identifier[];
};
export type FhirCondition = {
  resourceType: 'Condition';
  clinicalStatus?: CodeableConcept;
  verificationStatus?: CodeableConcept;
  code?: CodeableConcept;
  severity?: CodeableConcept;
  onsetDateTime?: string;
  recordedDate?: string;
};
export type FhirMedicationStatement = {
  resourceType: 'MedicationStatement';
  status?: string;
  medicationCodeableConcept?: CodeableConcept;
  medicationReference?: Reference;
  dosage?: { text?: string }[];
  effectiveDateTime?: string;
  effectivePeriod?: Period;
  dateAsserted?: string;
};
export type FhirAllergyIntolerance = {
  resourceType: 'AllergyIntolerance';
  clinicalStatus?: CodeableConcept;
  verificationStatus?: CodeableConcept;
  code?: CodeableConcept;
  criticality?: string;
  reaction?: { manifestation?: CodeableConcept[]; severity?: string }[];
  onsetDateTime?: string;
  recordedDate?: string;
};
export type FhirObservation = {
  resourceType: 'Observation';
  identifier?: Identifier[];
  status?: string;
  code?: CodeableConcept;
  effectiveDateTime?: string;
  effectivePeriod?: Period;
  issued?: string;
  valueQuantity?: Quantity;
  valueString?: string;
  valueCodeableConcept?: CodeableConcept;
  component?: { code?: CodeableConcept; valueQuantity?: Quantity }[];
};
export type FhirFamilyMemberHistory = {
  resourceType: 'FamilyMemberHistory';
  status?: string;
  relationship?: CodeableConcept;
  condition?: { code?: CodeableConcept; onsetAge?: Quantity; onsetString?: string }[];
  date?: string;
};
export type FhirProcedure = {
  resourceType: 'Procedure';
  status?: string;
  code?: CodeableConcept;
  performedDateTime?: string;
  performedPeriod?: Period;
};

/** The resources read for a summary, by type; a type the record system would not give is an empty list. */
export type RecordResources = {
  Condition: FhirCondition[];
  MedicationStatement: FhirMedicationStatement[];
  AllergyIntolerance: FhirAllergyIntolerance[];
  Observation: FhirObservation[];
  FamilyMemberHistory: FhirFamilyMemberHistory[];
  Procedure: FhirProcedure[];
};
export const RECORD_RESOURCE_TYPES = [
  'Condition',
  'MedicationStatement',
  'AllergyIntolerance',
  'Observation',
  'FamilyMemberHistory',
  'Procedure',
] as const satisfies readonly (keyof RecordResources)[];

const GENDERS: Record<string, 'M' | 'F' | 'O' | 'U'> = { male: 'M', female: 'F', other: 'O', unknown: 'U' };
const TITLE_BY_TEXT = new Map(
  Object.entries(TITLES).map(([code, display]) => [display.replace(/\./g, '').toLowerCase(), code as Title]),
);

function conceptText(concept: CodeableConcept | undefined): string | null {
  const text = concept?.text ?? concept?.coding?.find((coding) => coding.display)?.display;
  return text?.trim() || null;
}

function codeOf(concept: CodeableConcept | undefined): string | null {
  return concept?.coding?.find((coding) => coding.code)?.code ?? null;
}

/** A FHIR date or dateTime as the screens show dates ('12 Mar 2019'); a year or year-month as it is. */
function displayDate(value: string | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}(-\d{2})?$/.test(value)) return value;
  // A date without a time is that day wherever the reader is: noon UTC is the same day across Australia.
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;
  return Number.isNaN(Date.parse(instant)) ? null : formatDate(instant);
}

function item(text: string | null, detail: string | null, date: string | undefined): ClinicalSummaryItem[] {
  return text === null ? [] : [{ text, detail, date: displayDate(date) }];
}

/** The patient as Referrals keeps them, from the record's Patient resource. */
export function recordPatientOf(patient: FhirPatient): PatientWrite {
  const name = patient.name?.find((n) => n.use === 'official') ?? patient.name?.[0];
  const title = name?.prefix?.[0]
    ? TITLE_BY_TEXT.get(name.prefix[0].replace(/\./g, '').toLowerCase())
    : undefined;
  const phones = patient.telecom?.filter((t) => t.system === 'phone' && t.value) ?? [];
  const phone = phones.find((t) => t.use === 'mobile') ?? phones[0];
  const email = patient.telecom?.find((t) => t.system === 'email' && t.value);
  const address = patient.address?.find((a) => a.use === 'home') ?? patient.address?.[0];
  const state = AuStateSchema.safeParse(address?.state?.toUpperCase());
  const medicare = patient.identifier?.find((i) => i.system === MEDICARE_SYSTEM)?.value?.replace(/\s/g, '');
  const ihi = patient.identifier?.find((i) => i.system === IHI_SYSTEM)?.value?.replace(/\s/g, '');
  const mrn = patient.identifier?.find(isRecordNumber)?.value;
  return {
    title: title ?? null,
    first_name: name?.given?.join(' ') ?? null,
    last_name: name?.family ?? null,
    dob: patient.birthDate ?? null,
    sex: (patient.gender && GENDERS[patient.gender]) ?? null,
    phone: phone?.value ?? null,
    email: email?.value ?? null,
    address1: address?.line?.[0] ?? null,
    address2: address?.line?.slice(1).join(', ') || null,
    city: address?.city ?? null,
    postcode: address?.postalCode ?? null,
    ...(state.success ? { state: state.data } : {}),
    // AU Base writes the card number with the individual reference number as an 11th digit.
    pub_insurance_details: medicare?.slice(0, 10) || null,
    medicare_ref_num: medicare?.slice(10, 11) || null,
    ihi: ihi || null,
    // The record's own number for the patient: the practice that launched is the establishment they join.
    mrn: mrn?.trim() || null,
  };
}

/** A medical record number (HL7 v2 identifier type MR): the record system's own number for the patient. */
const isRecordNumber = (identifier: Identifier) => codeOf(identifier.type) === 'MR' && !!identifier.value;

/**
 * What spec section 7's launch context observations add, when the record system offers them: the launching
 * provider's Medicare provider number (`Observation/CTX-PROVIDER`: an identifier in the AU Base system, or
 * its value), and the record's number for the patient (`Observation/CTX-PATIENT`: an MR identifier, or its
 * value). A provider number that fails its check is not taken.
 */
export function launchContextOf(context: { patient?: FhirObservation; provider?: FhirObservation }): {
  provider_number: string | null;
  mrn: string | null;
} {
  const { patient, provider } = context;
  const number =
    provider?.identifier?.find((i) => i.system === MEDICARE_PROVIDER_SYSTEM)?.value ?? provider?.valueString;
  const mrn = patient?.identifier?.find(isRecordNumber)?.value ?? patient?.valueString;
  return {
    provider_number: number && isValidProviderNumber(number) ? normaliseProviderNumber(number) : null,
    mrn: mrn?.trim() || null,
  };
}

const isActive = (status: CodeableConcept | undefined, active: readonly string[]) => {
  const code = codeOf(status);
  return code === null || active.includes(code);
};
const isRefuted = (status: CodeableConcept | undefined) =>
  ['refuted', 'entered-in-error'].includes(codeOf(status) ?? '');

function quantityText(quantity: Quantity | undefined): string | null {
  if (quantity?.value === undefined) return null;
  return `${quantity.value}${quantity.unit ? ` ${quantity.unit}` : ''}`;
}

function observationValue(observation: FhirObservation): string | null {
  const components = (observation.component ?? [])
    .map((c) => c.valueQuantity)
    .filter((q) => q?.value !== undefined);
  // A blood pressure panel: systolic/diastolic in the unit they share.
  if (components.length === 2 && components[0]?.unit === components[1]?.unit) {
    return `${components[0]?.value}/${components[1]?.value}${components[0]?.unit ? ` ${components[0].unit}` : ''}`;
  }
  return (
    quantityText(observation.valueQuantity) ??
    observation.valueString ??
    conceptText(observation.valueCodeableConcept)
  );
}

const observedAt = (o: FhirObservation) => o.effectiveDateTime ?? o.effectivePeriod?.start ?? o.issued ?? '';
const hasLoinc = (o: FhirObservation, code: string) =>
  o.code?.coding?.some((coding) => coding.system === LOINC && coding.code === code) ?? false;

/** The latest final observation of each kind, newest first: a record keeps years of blood pressures. */
function latestObservations(observations: FhirObservation[]): FhirObservation[] {
  const latest = new Map<string, FhirObservation>();
  for (const observation of observations) {
    if (['entered-in-error', 'cancelled', 'preliminary', 'registered'].includes(observation.status ?? ''))
      continue;
    const key = codeOf(observation.code) ?? conceptText(observation.code);
    if (key === null) continue;
    const kept = latest.get(key);
    if (!kept || observedAt(observation) > observedAt(kept)) latest.set(key, observation);
  }
  return [...latest.values()].sort((a, b) => observedAt(b).localeCompare(observedAt(a)));
}

/** A weight in kg or a height in cm, from the units a record uses. */
function measurement(observation: FhirObservation | undefined, kind: 'weight' | 'height'): number | null {
  const quantity = observation?.valueQuantity;
  if (quantity?.value === undefined) return null;
  const unit = (quantity.code ?? quantity.unit ?? '').toLowerCase();
  const factor =
    kind === 'weight'
      ? ({ kg: 1, g: 0.001, '[lb_av]': 0.45359237, lb: 0.45359237 } as Record<string, number>)[unit]
      : ({ cm: 1, m: 100, mm: 0.1, '[in_i]': 2.54, in: 2.54 } as Record<string, number>)[unit];
  return factor === undefined ? null : Math.round(quantity.value * factor * 10) / 10;
}

function measurementsOf(observations: FhirObservation[]): ClinicalMeasurements {
  return {
    weight_kg: measurement(
      observations.find((o) => hasLoinc(o, BODY_WEIGHT)),
      'weight',
    ),
    height_cm: measurement(
      observations.find((o) => hasLoinc(o, BODY_HEIGHT)),
      'height',
    ),
  };
}

/**
 * The clinical summary of what the record gave: active conditions, current medicines, allergies that are not
 * resolved or refuted, the latest of each observation, family history and completed procedures.
 */
export function clinicalSummaryOf(resources: RecordResources): ClinicalSummary {
  const observations = latestObservations(resources.Observation);
  return {
    conditions: resources.Condition.filter(
      (c) =>
        isActive(c.clinicalStatus, ['active', 'recurrence', 'relapse']) && !isRefuted(c.verificationStatus),
    ).flatMap((c) => item(conceptText(c.code), conceptText(c.severity), c.onsetDateTime ?? c.recordedDate)),
    medications: resources.MedicationStatement.filter((m) =>
      ['active', 'intended', 'on-hold', undefined].includes(m.status),
    ).flatMap((m) =>
      item(
        conceptText(m.medicationCodeableConcept) ?? m.medicationReference?.display ?? null,
        m.dosage?.[0]?.text ?? null,
        m.effectivePeriod?.start ?? m.effectiveDateTime ?? m.dateAsserted,
      ),
    ),
    allergies: resources.AllergyIntolerance.filter(
      (a) => isActive(a.clinicalStatus, ['active']) && !isRefuted(a.verificationStatus),
    ).flatMap((a) => {
      const reaction = a.reaction?.[0];
      const detail = [conceptText(reaction?.manifestation?.[0]), reaction?.severity]
        .filter(Boolean)
        .join(', ');
      return item(conceptText(a.code), detail || null, a.onsetDateTime ?? a.recordedDate);
    }),
    observations: observations.flatMap((o) => item(conceptText(o.code), observationValue(o), observedAt(o))),
    family_history: resources.FamilyMemberHistory.filter((f) => f.status !== 'entered-in-error').flatMap(
      (f) =>
        item(
          conceptText(f.relationship),
          (f.condition ?? [])
            .map((c) => conceptText(c.code))
            .filter(Boolean)
            .join(', ') || null,
          f.date,
        ),
    ),
    procedures: resources.Procedure.filter((p) => ['completed', undefined].includes(p.status)).flatMap((p) =>
      item(conceptText(p.code), null, p.performedDateTime ?? p.performedPeriod?.start),
    ),
    measurements: measurementsOf(observations),
  };
}
