import type {
  AllergyIntolerance,
  CodeableConcept,
  Condition,
  FamilyMemberHistory,
  MedicationStatement,
  Observation,
  Procedure,
} from '@medplum/fhirtypes';

// The codes are SNOMED CT-AU and LOINC concepts with their display texts. Medicines are coded with the
// SNOMED CT substance standing in for an AMT product; the text carries the product and strength as a
// clinical record shows them.
const SNOMED = 'http://snomed.info/sct';
const LOINC = 'http://loinc.org';

export function snomed(code: string, display: string, text = display): CodeableConcept {
  return { coding: [{ system: SNOMED, code, display }], text };
}

function loinc(code: string, display: string): CodeableConcept {
  return { coding: [{ system: LOINC, code, display }], text: display };
}

/** A date `days` before today, so a recent entry stays recent however long after this was written. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString();
}

const subjectOf = (patientId: string) => ({ reference: `Patient/${patientId}` });

export function condition(
  patientId: string,
  code: CodeableConcept,
  onset: string,
  resolved?: string,
): Condition {
  const status = resolved ? 'resolved' : 'active';
  return {
    resourceType: 'Condition',
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: status }],
    },
    verificationStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }],
    },
    category: [
      {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'problem-list-item' },
        ],
      },
    ],
    code,
    subject: subjectOf(patientId),
    onsetDateTime: onset,
    ...(resolved ? { abatementDateTime: resolved } : {}),
  };
}

export function medicationStatement(
  patientId: string,
  medication: CodeableConcept,
  dosage: string,
  started: string,
  stopped?: { on: string; reason: string },
): MedicationStatement {
  return {
    resourceType: 'MedicationStatement',
    status: stopped ? 'stopped' : 'active',
    medicationCodeableConcept: medication,
    subject: subjectOf(patientId),
    effectivePeriod: { start: started, ...(stopped ? { end: stopped.on } : {}) },
    ...(stopped ? { statusReason: [{ text: stopped.reason }] } : {}),
    dosage: [{ text: dosage }],
  };
}

export function allergy(
  patientId: string,
  code: CodeableConcept,
  reaction: CodeableConcept,
  criticality: 'low' | 'high',
): AllergyIntolerance {
  return {
    resourceType: 'AllergyIntolerance',
    clinicalStatus: {
      coding: [
        { system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' },
      ],
    },
    verificationStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
          code: 'confirmed',
        },
      ],
    },
    type: 'allergy',
    category: ['medication'],
    criticality,
    code,
    patient: subjectOf(patientId),
    reaction: [{ manifestation: [reaction] }],
  };
}

const VITAL_SIGNS = [
  {
    coding: [
      {
        system: 'http://terminology.hl7.org/CodeSystem/observation-category',
        code: 'vital-signs',
        display: 'Vital Signs',
      },
    ],
  },
];

const VITALS = {
  weight: { code: '29463-7', display: 'Body weight', unit: 'kg' },
  height: { code: '8302-2', display: 'Body height', unit: 'cm' },
} as const;

export function vitalSign(
  patientId: string,
  kind: keyof typeof VITALS,
  value: number,
  effective: string,
): Observation {
  const vital = VITALS[kind];
  return {
    resourceType: 'Observation',
    status: 'final',
    category: VITAL_SIGNS,
    code: loinc(vital.code, vital.display),
    subject: subjectOf(patientId),
    effectiveDateTime: effective,
    valueQuantity: { value, unit: vital.unit, system: 'http://unitsofmeasure.org', code: vital.unit },
  };
}

export function bloodPressure(
  patientId: string,
  systolic: number,
  diastolic: number,
  effective: string,
): Observation {
  const mmHg = (value: number) => ({
    value,
    unit: 'mmHg',
    system: 'http://unitsofmeasure.org',
    code: 'mm[Hg]',
  });
  return {
    resourceType: 'Observation',
    status: 'final',
    category: VITAL_SIGNS,
    code: loinc('85354-9', 'Blood pressure panel with all children optional'),
    subject: subjectOf(patientId),
    effectiveDateTime: effective,
    component: [
      { code: loinc('8480-6', 'Systolic blood pressure'), valueQuantity: mmHg(systolic) },
      { code: loinc('8462-4', 'Diastolic blood pressure'), valueQuantity: mmHg(diastolic) },
    ],
  };
}

const RELATIONSHIPS = { MTH: 'mother', FTH: 'father', SIS: 'sister', BRO: 'brother' } as const;

export function familyHistory(
  patientId: string,
  relationship: keyof typeof RELATIONSHIPS,
  code: CodeableConcept,
  onsetAge?: number,
): FamilyMemberHistory {
  return {
    resourceType: 'FamilyMemberHistory',
    status: 'completed',
    patient: subjectOf(patientId),
    relationship: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
          code: relationship,
          display: RELATIONSHIPS[relationship],
        },
      ],
    },
    condition: [
      {
        code,
        ...(onsetAge
          ? { onsetAge: { value: onsetAge, unit: 'a', system: 'http://unitsofmeasure.org', code: 'a' } }
          : {}),
      },
    ],
  };
}

export function procedure(patientId: string, code: CodeableConcept, performed: string): Procedure {
  return {
    resourceType: 'Procedure',
    status: 'completed',
    code,
    subject: subjectOf(patientId),
    performedDateTime: performed,
  };
}
