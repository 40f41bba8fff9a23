import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import type { Patient } from '@referrals/domain/patients/patient-schemas';

// The plain data every letter prints (the referral letter, a clinical report's letter): people, places,
// the patient and files. Each letter's own shape builds on these.

type Optional<T> = { [K in keyof T]?: T[K] | null };

/** A person as the letter names them (personName: title, first and last name). */
export interface LetterPerson {
  title?: string | null;
  first_name: string;
  last_name: string;
}

/** An establishment as a letter addresses it; a hospital department carries its hospital. */
export type LetterEstablishment = Pick<Establishment, 'name'> &
  Optional<
    Pick<Establishment, 'phone1' | 'phone2' | 'address1' | 'address2' | 'city' | 'postcode' | 'email'>
  > & {
    state?: string | null;
    hospital?: { name: string } | null;
  };

/** The patient's details a letter shows (section 3 Patient); mrn is the MRN at the reader's establishment. */
export type LetterPatient = Pick<Patient, 'first_name' | 'last_name' | 'dob'> &
  Optional<
    Pick<
      Patient,
      | 'title'
      | 'sex'
      | 'sex_nb_text'
      | 'custom_gender'
      | 'pub_insurance_type'
      | 'pub_insurance_details'
      | 'medicare_ref_num'
      | 'medicare_expiry_date'
      | 'mrn'
      | 'phone'
      | 'address1'
      | 'address2'
      | 'city'
      | 'state'
      | 'postcode'
    >
  >;

/** An uploaded file, by the name it was uploaded under and what it is (the form field it answers). */
export interface LetterAttachment {
  original_name: string;
  field?: string | null;
}
