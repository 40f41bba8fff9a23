import { DEFAULT_REFERRER_MESSAGE } from '@referrals/domain/constants';
import { roles } from '@referrals/domain/people/people-codes';
import { notificationDefaultsFor } from '@referrals/domain/profile/notification-defaults';
import { establishments } from '../schema/establishments.ts';
import { employments, users } from '../schema/people.ts';
import { patients } from '../schema/patients.ts';
import { referrals } from '../schema/referrals.ts';
import type { Queryable } from '../database.ts';
import {
  FIRST_NAMES,
  LAST_NAMES,
  createSampler,
  sampleAddress,
  sampleDob,
  sampleMedicareNumber,
  sampleMobile,
  type Sampler,
} from './sample-data.ts';

/**
 * Factories insert one realistic row with sensible defaults; `overrides` set what a test cares about.
 * The demo seed is built from the same factories.
 */
export type Establishment = typeof establishments.$inferSelect;
export type User = typeof users.$inferSelect;
export type Employment = typeof employments.$inferSelect;
export type Patient = typeof patients.$inferSelect;
export type Referral = typeof referrals.$inferSelect;

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;
const defaultSampler = createSampler(Date.now() % 100_000);

export async function createEstablishment(
  q: Queryable,
  overrides: Partial<typeof establishments.$inferInsert> = {},
  s: Sampler = defaultSampler,
): Promise<Establishment> {
  const address = sampleAddress(s);
  const [row] = await q
    .insert(establishments)
    .values({
      name: `${address.city} Medical Centre`,
      type: 'PR',
      ...address,
      phone1: `(02) ${s.int(9000, 9999)} ${s.int(1000, 9999)}`,
      email: `reception.${unique()}@practice.example`,
      is_approved: true,
      is_verified: true,
      accepts_in_app_referrals: true,
      ...overrides,
    })
    .returning();
  return row as Establishment;
}

export async function createUser(
  q: Queryable,
  overrides: Partial<typeof users.$inferInsert> = {},
  s: Sampler = defaultSampler,
): Promise<User> {
  const first = s.pick(FIRST_NAMES);
  const last = s.pick(LAST_NAMES);
  const role = overrides.role === undefined ? 'GP' : overrides.role;
  const [row] = await q
    .insert(users)
    .values({
      email: `${first}.${last}.${unique()}@example.test`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      first_name: first,
      last_name: last,
      phone: sampleMobile(s),
      role,
      // A made-up person starts like a real one with that role (section 5 Profile save: PA role defaults).
      email_notifications: notificationDefaultsFor(roles.isCode(role) ? role : null),
      registration_completed: true,
      ...overrides,
    })
    .returning();
  return row as User;
}

export async function createEmployment(
  q: Queryable,
  overrides: Partial<typeof employments.$inferInsert> & { user_id: string; establishment_id: string },
): Promise<Employment> {
  const [row] = await q
    .insert(employments)
    .values({ priority: 1, status: 'APPROVED', is_verified_employee: true, ...overrides })
    .returning();
  return row as Employment;
}

export async function createPatient(
  q: Queryable,
  overrides: Partial<typeof patients.$inferInsert> & { establishment_id: string },
  s: Sampler = defaultSampler,
): Promise<Patient> {
  const sexAtBirth = s.pick(['F', 'M'] as const);
  const first = s.pick(FIRST_NAMES);
  const last = s.pick(LAST_NAMES);
  const [row] = await q
    .insert(patients)
    .values({
      first_name: first,
      last_name: last,
      dob: sampleDob(s),
      sex_at_birth: sexAtBirth,
      sex: sexAtBirth,
      phone: sampleMobile(s),
      email: `${first}.${last}.${unique()}@mail.example`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      pub_insurance_details: sampleMedicareNumber(s),
      medicare_ref_num: String(s.int(1, 5)),
      ...sampleAddress(s),
      ...overrides,
    })
    .returning();
  return row as Patient;
}

export async function createReferral(
  q: Queryable,
  overrides: Partial<typeof referrals.$inferInsert> = {},
): Promise<Referral> {
  const submitted = overrides.status !== undefined && overrides.status !== 'DRFT';
  const [row] = await q
    .insert(referrals)
    .values({
      type: 'IN-APP',
      referrer_message: DEFAULT_REFERRER_MESSAGE,
      ...(submitted ? { submitted_at: new Date() } : {}),
      ...overrides,
    })
    .returning();
  return row as Referral;
}
