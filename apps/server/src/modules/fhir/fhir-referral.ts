import type {
  CodeableConcept,
  DocumentReference,
  Organization,
  Patient,
  Practitioner,
  Reference,
  Resource,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';
import { personName } from '@referrals/domain/people/person-name';
import {
  REFERRAL_TYPES,
  TRIAGE_CATEGORIES,
  type ReferralStatus,
  type TriagePriority,
} from '@referrals/domain/referrals/referral-codes';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { REFERRAL_TASK_STATES, TRIAGE_PRIORITY_FHIR } from '@referrals/domain/fhir/referral-task-states';

/** Our code systems: a referral's own status, and the triage category (urgency) the receiver gave it. */
export const REFERRAL_STATUS_SYSTEM = 'urn:referrals:fhir:referral-status';
export const TRIAGE_CATEGORY_SYSTEM = 'urn:referrals:fhir:triage-category';
const SNOMED = 'http://snomed.info/sct';
const LOINC = 'http://loinc.org';

/** A file that goes with the referral, as the FHIR API names it (docs/interop.md). */
export type ReferralDocument = {
  /** `letter-{referral}`, `attachment-{id}` or `report-{id}`. */
  id: string;
  title: string;
  contentType: string;
  /** Where the bytes are, under the API, with the same reach as the referral. */
  url: string;
  date: string;
  kind: 'letter' | 'attachment' | 'report';
};

const ref = <T extends Resource>(
  type: T['resourceType'],
  id: string,
  display?: string | null,
): Reference<T> => ({
  reference: `${type}/${id}`,
  ...(display ? { display } : {}),
});

const referralIdentifier = (referral: Referral) => [
  { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${referral.id}` },
];

const meta = (referral: Referral) => ({
  versionId: String(referral.version),
  lastUpdated: referral.updated_at,
});

const patientOf = (referral: Referral): Reference<Patient> =>
  referral.patient
    ? ref<Patient>('Patient', referral.patient.id, personName(referral.patient))
    : { display: 'No patient chosen yet' };

function requesterOf(referral: Referral): Reference<Practitioner> | undefined {
  if (referral.referrer)
    return ref<Practitioner>('Practitioner', referral.referrer.id, referral.referrer.name);
  const manual = referral.manual_referrer;
  return manual ? { display: personName(manual) } : undefined;
}

function priorityOf(referral: Referral) {
  const priority = referral.triage_priority as TriagePriority | null;
  return priority && priority in TRIAGE_PRIORITY_FHIR ? TRIAGE_PRIORITY_FHIR[priority] : undefined;
}

function triageCategoryOf(referral: Referral): CodeableConcept[] {
  const category = referral.triage_category as keyof typeof TRIAGE_CATEGORIES | null;
  if (!category || !(category in TRIAGE_CATEGORIES)) return [];
  const display = TRIAGE_CATEGORIES[category];
  return [{ coding: [{ system: TRIAGE_CATEGORY_SYSTEM, code: category, display }], text: display }];
}

/** The referral as the request the referrer made (AU eRequesting's ServiceRequest; docs/interop.md). */
export function serviceRequestOf(referral: Referral, documents: ReferralDocument[]): ServiceRequest {
  const performer = [
    ...(referral.assignee
      ? [ref<Practitioner>('Practitioner', referral.assignee.id, referral.assignee.name)]
      : []),
    ...(referral.to_establishment
      ? [ref<Organization>('Organization', referral.to_establishment.id, referral.to_establishment.name)]
      : []),
  ];
  const requester = requesterOf(referral);
  const priority = priorityOf(referral);
  return {
    resourceType: 'ServiceRequest',
    id: referral.id,
    meta: meta(referral),
    identifier: referralIdentifier(referral),
    status: REFERRAL_TASK_STATES[referral.status.value as ReferralStatus].serviceRequest,
    intent: 'order',
    category: [
      {
        coding: [{ system: SNOMED, code: '3457005', display: 'Patient referral' }],
        text: REFERRAL_TYPES[referral.type],
      },
      ...triageCategoryOf(referral),
    ],
    ...(priority ? { priority } : {}),
    code: { coding: [{ system: SNOMED, code: '3457005', display: 'Patient referral' }], text: 'Referral' },
    subject: patientOf(referral),
    authoredOn: referral.submitted_at ?? referral.created_at,
    ...(requester ? { requester } : {}),
    ...(performer.length > 0 ? { performer } : {}),
    ...(referral.referrer_message ? { reasonCode: [{ text: referral.referrer_message }] } : {}),
    ...(referral.submitted_at && referral.expires_at
      ? { occurrencePeriod: { start: referral.submitted_at, end: referral.expires_at } }
      : {}),
    ...(documents.length > 0
      ? { supportingInfo: documents.map((d) => ref<DocumentReference>('DocumentReference', d.id, d.title)) }
      : {}),
  };
}

/**
 * The receiver's progress with the referral (AU eRequesting's Task): its status from the table in domain,
 * our own status as the business status, the triage and, once booked, the appointment as outputs.
 */
export function taskOf(referral: Referral): Task {
  const state = REFERRAL_TASK_STATES[referral.status.value as ReferralStatus];
  const priority = priorityOf(referral);
  const requester = referral.from_establishment
    ? ref<Organization>('Organization', referral.from_establishment.id, referral.from_establishment.name)
    : requesterOf(referral);
  const owner = referral.assignee
    ? ref<Practitioner>('Practitioner', referral.assignee.id, referral.assignee.name)
    : referral.to_establishment
      ? ref<Organization>('Organization', referral.to_establishment.id, referral.to_establishment.name)
      : undefined;
  const reason =
    referral.status.value === 'RTRN' ? (referral.other_return_reason ?? referral.return_reason) : null;
  const outputs = [
    ...triageCategoryOf(referral).map((category) => ({
      type: { text: 'Triage category' },
      valueCodeableConcept: category,
    })),
    ...(referral.appointment_date && referral.status.value === 'SCHDL'
      ? [{ type: { text: 'Appointment' }, valueDateTime: referral.appointment_date }]
      : []),
    ...(referral.appointment_location && referral.status.value === 'SCHDL'
      ? [{ type: { text: 'Appointment location' }, valueString: referral.appointment_location }]
      : []),
  ];
  return {
    resourceType: 'Task',
    id: referral.id,
    meta: meta(referral),
    identifier: referralIdentifier(referral),
    basedOn: [ref<ServiceRequest>('ServiceRequest', referral.id)],
    focus: ref<ServiceRequest>('ServiceRequest', referral.id),
    status: state.task,
    businessStatus: {
      coding: [
        { system: REFERRAL_STATUS_SYSTEM, code: referral.status.value, display: referral.status.display },
      ],
      text: referral.status.display,
    },
    ...(reason ? { statusReason: { text: reason } } : {}),
    intent: 'order',
    ...(priority ? { priority } : {}),
    code: {
      coding: [
        {
          system: 'http://hl7.org/fhir/CodeSystem/task-code',
          code: 'fulfill',
          display: 'Fulfill the focal request',
        },
      ],
    },
    for: patientOf(referral),
    authoredOn: referral.submitted_at ?? referral.created_at,
    lastModified: referral.updated_at,
    ...(requester ? { requester } : {}),
    ...(owner ? { owner } : {}),
    ...(outputs.length > 0 ? { output: outputs } : {}),
  };
}

const DOCUMENT_TYPES = {
  letter: { system: LOINC, code: '57133-1', display: 'Referral note' },
  report: { system: LOINC, code: '11488-4', display: 'Consult note' },
  attachment: { system: LOINC, code: '55107-7', display: 'Addendum Document' },
} as const;

/** A letter, report or attached file of a referral; its bytes are at the API's own address for them. */
export function documentReferenceOf(
  referral: Referral,
  document: ReferralDocument,
  base: string,
): DocumentReference {
  const type = DOCUMENT_TYPES[document.kind];
  return {
    resourceType: 'DocumentReference',
    id: document.id,
    meta: { lastUpdated: referral.updated_at },
    status: 'current',
    type: { coding: [type], text: document.title },
    subject: patientOf(referral),
    date: document.date,
    ...(document.kind === 'letter' && referral.referrer
      ? { author: [ref<Practitioner>('Practitioner', referral.referrer.id, referral.referrer.name)] }
      : {}),
    description: document.title,
    content: [
      {
        attachment: {
          contentType: document.contentType,
          url: `${base}${document.url}`,
          title: document.title,
        },
      },
    ],
    context: { related: [ref<ServiceRequest>('ServiceRequest', referral.id)] },
  };
}
