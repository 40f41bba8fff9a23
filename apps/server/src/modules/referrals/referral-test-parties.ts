import type { Queryable } from '../../db/database.ts';
import {
  createEstablishment,
  createPatient,
  type Establishment,
  type Patient,
} from '../../db/factories/factories.ts';
import type { FastifyInstance } from 'fastify';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

/**
 * The people of a referral test: a general practice that sends (a GP referrer and a colleague without
 * shared outbox access), a clinic that receives (a specialist assignee, a triage nurse with shared inbox
 * access and a colleague without), an outsider practice, and a patient of the sender.
 */
export type ReferralParties = {
  practice: Establishment;
  clinic: Establishment;
  outsiderPractice: Establishment;
  patient: Patient;
  gp: Person;
  gpColleague: Person;
  specialist: Person;
  triageNurse: Person;
  clinicColleague: Person;
  outsider: Person;
};

const SENDS = { permissions: ['add_referral', 'manage_referral'] };
const RECEIVES = { permissions: ['accept_referral'] };

export async function referralParties(app: FastifyInstance, db: Queryable): Promise<ReferralParties> {
  const practice = await createEstablishment(db, { name: 'Harbour Family Practice', type: 'PR' });
  const clinic = await createEstablishment(db, { name: 'Northside Cardiology', type: 'CL' });
  const outsiderPractice = await createEstablishment(db, { name: 'Hill Street Surgery', type: 'PR' });
  const at = (establishment: Establishment, employment: object, user: object = {}) =>
    signedInPerson(app, db, { at: establishment.id, employment, user });
  return {
    practice,
    clinic,
    outsiderPractice,
    patient: await createPatient(db, {
      establishment_id: practice.id,
      first_name: 'Olivia',
      last_name: 'Whitfield',
    }),
    gp: await at(practice, SENDS, { role: 'GP', first_name: 'Grace', last_name: 'Palmer' }),
    // Not a GP: a GP has shared inbox access by role (section 6), which would make the test say nothing.
    gpColleague: await at(practice, SENDS, { role: 'GPP' }),
    specialist: await at(
      clinic,
      { permissions: ['accept_referral', 'add_referral'] },
      { role: 'SP', first_name: 'Samuel', last_name: 'Hart' },
    ),
    triageNurse: await at(clinic, { ...RECEIVES, has_shared_inbox_access: true }, { role: 'PM' }),
    clinicColleague: await at(clinic, RECEIVES, { role: 'SP' }),
    outsider: await at(outsiderPractice, SENDS, { role: 'GPP' }),
  };
}
