import { and, asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { patientMrns, patients } from '../../db/schema/patients.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';
import type { Hl7Patient, Hl7Place } from './hl7-parties.ts';

/**
 * The referral's patient as a message names them, read in the transaction that found the referral visible
 * to the reader. The MRNs are those the reader's establishment holds (what its patient screens show it),
 * each assigned by that establishment, and the referral's own MRN (the one its letter prints), assigned
 * by the receiver whose record the referral's EMR fields belong to. A referral without a patient (a
 * draft) gets the letter's stand-in.
 */
export async function hl7PatientOf(
  tx: Transaction,
  referral: ReferralRow,
  places: { readerEstablishmentId: string | null; receiver: Hl7Place },
): Promise<Hl7Patient> {
  const [patient] = referral.patient_id
    ? await tx.select().from(patients).where(eq(patients.id, referral.patient_id))
    : [];
  if (!patient) return { first_name: 'No patient', last_name: 'named', dob: '', mrns: [] };
  const held =
    places.readerEstablishmentId === null
      ? []
      : await tx
          .select({ number: patientMrns.number, id: establishments.id, name: establishments.name })
          .from(patientMrns)
          .innerJoin(establishments, eq(establishments.id, patientMrns.establishment_id))
          .where(
            and(
              eq(patientMrns.patient_id, patient.id),
              eq(patientMrns.establishment_id, places.readerEstablishmentId),
            ),
          )
          .orderBy(asc(patientMrns.added_at), asc(patientMrns.id));
  const mrns: Hl7Patient['mrns'] = held.map(({ number, id, name }) => ({ number, place: { id, name } }));
  if (referral.mrn && !mrns.some((mrn) => mrn.number === referral.mrn))
    mrns.push({ number: referral.mrn, place: places.receiver });
  return { ...patient, mrns };
}
