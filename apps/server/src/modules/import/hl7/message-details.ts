import type { Hl7Message, Hl7Segment } from '@medplum/core';
import type { ImportMessageDetails } from '@referrals/domain/imports/import-schemas';
import { titles, type Title } from '@referrals/domain/people/people-codes';
import { parseHl7DateTime } from '@medplum/core';
import { sexOfCode } from '../../hl7/hl7-codes.ts';
import { hl7Occurrences, hl7Text } from '../../hl7/hl7-fields.ts';

/** A value kept from a message: without NUL (PostgreSQL text cannot hold it), cut at `max`, '' as null. */
export function kept(text: string, max = 200): string | null {
  const value = text.replaceAll('\u0000', '').trim().slice(0, max);
  return value === '' ? null : value;
}

/** Our title code for a title as written ("Dr", "DR", "Dr."), or null for one we do not know. */
function titleCode(text: string): Title | null {
  const plain = text.replace(/\.$/, '').trim().toLowerCase();
  if (plain === '') return null;
  return (
    titles.codes.find(
      (code) => code.toLowerCase() === plain || titles.display(code).toLowerCase() === plain,
    ) ?? null
  );
}

/** A date of birth as YYYY-MM-DD from DT or DTM (YYYYMMDD...), or null when it is not a real date. */
export function birthDate(text: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:\d*(?:\.\d+)?(?:[+-]\d{4})?)?$/.exec(text);
  if (!match) return null;
  const [, year, month, day] = match;
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** MSH-7 as an instant, or null when it is not an HL7 date and time. */
function messageTime(text: string): string | null {
  if (!/^\d{4}(?:\d{2}(?:\d{2}(?:\d{2}(?:\d{2}(?:\d{2}(?:\.\d{1,4})?)?)?)?)?)?(?:[+-]\d{4})?$/.test(text))
    return null;
  return parseHl7DateTime(text) ?? null;
}

/** PID-3's identifiers: the IHI, Medicare number (IRN split off an 11-digit one), DVA number and MRNs. */
function identifiers(pid: Hl7Segment) {
  const found = {
    ihi: null as string | null,
    medicare_number: null as string | null,
    medicare_ref_num: null as string | null,
    dva_number: null as string | null,
    mrns: [] as { number: string; facility: string | null }[],
  };
  for (let repetition = 0; repetition < hl7Occurrences(pid, 3); repetition++) {
    const value = hl7Text(pid, 3, 1, undefined, repetition).replace(/\s+/g, '');
    const type = hl7Text(pid, 3, 5, undefined, repetition).toUpperCase();
    if (value === '') continue;
    if (type === 'NI') found.ihi ??= kept(value, 16);
    if (type === 'MC') {
      found.medicare_number ??= kept(/^\d{11}$/.test(value) ? value.slice(0, 10) : value, 20);
      found.medicare_ref_num ??= /^\d{11}$/.test(value) ? value.slice(10) : null;
    }
    if (type === 'DVA') found.dva_number ??= kept(value, 20);
    if (type === 'MR') {
      const facility = hl7Text(pid, 3, 6, 1, repetition) || hl7Text(pid, 3, 6, 2, repetition);
      found.mrns.push({ number: kept(value, 40) ?? value, facility: kept(facility) });
    }
  }
  return found;
}

/** PID-13's phone and email: XTN-4 (or an Internet address) is an email, anything else a phone. */
function contacts(pid: Hl7Segment): { phone: string | null; email: string | null } {
  let phone: string | null = null;
  let email: string | null = null;
  for (let repetition = 0; repetition < hl7Occurrences(pid, 13); repetition++) {
    const address = hl7Text(pid, 13, 4, undefined, repetition);
    const number =
      hl7Text(pid, 13, 1, undefined, repetition) ||
      hl7Text(pid, 13, 12, undefined, repetition) ||
      hl7Text(pid, 13, 7, undefined, repetition);
    if (address !== '') email ??= kept(address, 254);
    else if (number !== '') phone ??= kept(number, 30);
  }
  return { phone, email };
}

/** The patient as PID gives them; the caller has checked the family name and the date of birth. */
function patientOf(pid: Hl7Segment, dob: string): ImportMessageDetails['patient'] {
  return {
    title: titleCode(hl7Text(pid, 5, 5)),
    first_name: kept(hl7Text(pid, 5, 2), 100) ?? '',
    last_name: kept(hl7Text(pid, 5, 1, 1), 100) ?? '',
    dob,
    sex: sexOfCode(hl7Text(pid, 8)),
    ...identifiers(pid),
    ...contacts(pid),
    address1: kept(hl7Text(pid, 11, 1, 1)),
    address2: kept(hl7Text(pid, 11, 2)),
    city: kept(hl7Text(pid, 11, 3), 100),
    state: kept(hl7Text(pid, 11, 4), 20),
    postcode: kept(hl7Text(pid, 11, 5), 10),
  };
}

/** The referrer as their PRD gives them; the caller has checked the family name. */
function referrerOf(prd: Hl7Segment): ImportMessageDetails['referrer'] {
  return {
    title: titleCode(hl7Text(prd, 2, 5)),
    first_name: kept(hl7Text(prd, 2, 2), 100),
    last_name: kept(hl7Text(prd, 2, 1, 1), 100) ?? '',
    provider_number: kept(hl7Text(prd, 7, 1), 20),
    practice_name: kept(hl7Text(prd, 4, 4, 1)) ?? kept(hl7Text(prd, 4, 9)),
    phone: kept(hl7Text(prd, 5, 1) || hl7Text(prd, 5, 12), 30),
  };
}

/** What a checked REF^I12 says of the patient, the referrer and the referral (docs/interop.md, Receiving). */
export function messageDetails(
  message: Hl7Message,
  found: { pid: Hl7Segment; referrer: Hl7Segment; dob: string },
): ImportMessageDetails {
  const rf1 = message.getSegment('RF1');
  return {
    patient: patientOf(found.pid, found.dob),
    referrer: referrerOf(found.referrer),
    referral: {
      sender_reference: kept(hl7Text(rf1, 6)),
      reason: kept(hl7Text(rf1, 10, 2) || hl7Text(rf1, 10, 1), 500),
      priority: kept(hl7Text(rf1, 2), 20),
      sent_at: messageTime(hl7Text(message.getSegment('MSH'), 7)),
    },
  };
}
