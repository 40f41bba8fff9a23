import type { Identifier, Patient } from '@medplum/fhirtypes';
import { MEDICARE_SYSTEM } from './seed/au-identifiers.ts';

export function patientName(patient: Patient): string {
  const name = patient.name?.[0];
  return [...(name?.given ?? []).slice(0, 1), name?.family].filter(Boolean).join(' ');
}

const DAY = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const MOMENT = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Australia/Sydney',
});

/** A FHIR date as the practice reads it, e.g. 12 Apr 1958. */
export function formatDate(date: string | undefined): string {
  return date ? DAY.format(new Date(`${date.slice(0, 10)}T00:00:00Z`)) : '';
}

/** A FHIR instant in Sydney time, e.g. 3 Mar 2026, 2:15 pm. */
export function formatMoment(instant: string | undefined): string {
  return instant ? MOMENT.format(new Date(instant)) : '';
}

/** A Medicare number as printed on the card, with the IRN after a slash: 2950 12348 1 / 1. */
export function formatMedicare(patient: Patient): string {
  const value = patient.identifier?.find(
    (identifier: Identifier) => identifier.system === MEDICARE_SYSTEM,
  )?.value;
  if (!value) return '';
  return `${value.slice(0, 4)} ${value.slice(4, 9)} ${value.slice(9, 10)}${value.length > 10 ? ` / ${value.slice(10)}` : ''}`;
}
