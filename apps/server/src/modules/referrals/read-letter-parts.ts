import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Transaction } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/people.ts';
import type { LetterEstablishment, LetterPatient } from './letter/letter-data.ts';
import type { ReferralRow } from './referral-queries.ts';

// The rows every letter prints (the referral letter, a report's letter), read in the transaction that
// found the referral visible to the reader: as one query of their own, or as columns of a larger one.

/** An alias of the establishments table, for a query that joins several establishments. */
export type PlaceTable = ReturnType<typeof alias<typeof establishments, string>>;

/** The columns of an establishment (`place`) and of its hospital that a letter prints. */
export function letterEstablishmentColumns(place: PlaceTable, hospitalOf: PlaceTable) {
  return {
    name: place.name,
    phone1: place.phone1,
    phone2: place.phone2,
    address1: place.address1,
    address2: place.address2,
    city: place.city,
    state: place.state,
    postcode: place.postcode,
    email: place.email,
    branding_logo: place.branding_logo,
    hospital_name: hospitalOf.name,
  };
}

/** A row of letterEstablishmentColumns. */
type EstablishmentColumns = { name: string } & {
  [K in Exclude<keyof ReturnType<typeof letterEstablishmentColumns>, 'name'>]: string | null;
};

/**
 * An establishment as a letter addresses it, with its stored branding logo's name; `fallback` names one
 * the referral does not link (a receiver outside the directory, a MANUAL referral's sending practice).
 */
export function toLetterEstablishment(
  row: EstablishmentColumns | null | undefined,
  fallback: string | null,
): LetterEstablishment & { branding_logo?: string | null } {
  // Left-joined with its hospital, a missing establishment comes back as columns that are all null.
  if (!row?.name) return { name: fallback ?? 'Not named' };
  const { hospital_name: hospitalName, ...place } = row;
  return { ...place, hospital: hospitalName ? { name: hospitalName } : null };
}

const place = alias(establishments, 'place');
const hospital = alias(establishments, 'hospital');

/** The establishment `id` as toLetterEstablishment gives it. */
export async function letterEstablishment(tx: Transaction, id: string | null, fallback: string | null) {
  if (!id) return toLetterEstablishment(null, fallback);
  const [row] = await tx
    .select(letterEstablishmentColumns(place, hospital))
    .from(place)
    .leftJoin(hospital, eq(hospital.id, place.hospital_id))
    .where(eq(place.id, id));
  return toLetterEstablishment(row, fallback);
}

/**
 * A MANUAL referral's referrer, who has no account here: the person and practice its receiver recorded
 * (referrals.manual_referrer), as a letter names them in place of a referrer and a sending establishment;
 * undefined for any other referral.
 */
export function manualLetterReferrer(referral: ReferralRow) {
  const manual = referral.manual_referrer;
  if (!manual) return undefined;
  return {
    person: {
      title: manual.title ?? null,
      first_name: manual.first_name,
      last_name: manual.last_name,
      provider_number: manual.provider_number ?? null,
    },
    practice: manual.practice_name ?? null,
  };
}

/** A person's row (name, provider number, signature text), or undefined for none. */
export async function letterPerson(tx: Transaction, id: string | null) {
  if (!id) return undefined;
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

/** The referral's patient as a letter shows them, with the referral's MRN; a stand-in when there is none. */
export function toLetterPatient(
  patient: typeof patients.$inferSelect | null | undefined,
  referral: ReferralRow,
): LetterPatient {
  return patient
    ? { ...patient, mrn: referral.mrn }
    : { first_name: 'No patient', last_name: 'named', dob: '' };
}

/** The referral's patient, read, as toLetterPatient gives them. */
export async function letterPatient(tx: Transaction, referral: ReferralRow): Promise<LetterPatient> {
  const [patient] = referral.patient_id
    ? await tx.select().from(patients).where(eq(patients.id, referral.patient_id))
    : [];
  return toLetterPatient(patient, referral);
}
