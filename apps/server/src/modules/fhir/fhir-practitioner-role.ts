import type { PractitionerRole } from '@medplum/fhirtypes';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { placeName } from '@referrals/domain/establishments/place-name';
import { personName } from '@referrals/domain/people/person-name';
import { roles } from '@referrals/domain/people/people-codes';
import {
  specialtyCodeOf,
  specialtyCodes,
  type SpecialtyCode,
} from '@referrals/domain/people/specialty-codes';
import type { Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments, specialties, users } from '../../db/schema/people.ts';
import { listedProviders, listedWorkplace } from '../directory/provider-routes.ts';
import type { FhirPractitionerRoleSearch } from './fhir-search-params.ts';

/** Our code systems for a provider's role (section 6 Roles) and specialty (section 9's filter). */
export const ROLE_SYSTEM = 'urn:referrals:fhir:role';
export const SPECIALTY_SYSTEM = 'urn:referrals:fhir:specialty';

const hospitals = alias(establishments, 'hospitals');

type RoleRow = {
  id: string;
  user_id: string;
  title: string;
  first_name: string;
  last_name: string;
  role: string | null;
  establishment_id: string;
  establishment_name: string;
  hospital_name: string | null;
};

/** Coded with its display, and the display as text for a reader that knows none of our codes. */
const coded = (system: string, code: string, display: string) => ({
  coding: [{ system, code, display }],
  text: display,
});

/**
 * A provider's employment as FHIR's PractitionerRole: who (the Practitioner), where (the Organization), their
 * role and specialties. No provider number: the product keeps a person's numbers, not one per workplace, so
 * they stay on the Practitioner.
 */
function practitionerRoleOf(row: RoleRow, fields: SpecialtyCode[]): PractitionerRole {
  return {
    resourceType: 'PractitionerRole',
    id: row.id,
    active: true,
    practitioner: { reference: `Practitioner/${row.user_id}`, display: personName(row) },
    organization: {
      reference: `Organization/${row.establishment_id}`,
      display: placeName({
        name: row.establishment_name,
        hospital: row.hospital_name === null ? null : { name: row.hospital_name },
      }),
    },
    ...(row.role && roles.isCode(row.role)
      ? { code: [coded(ROLE_SYSTEM, row.role, roles.coded(row.role).display)] }
      : {}),
    ...(fields.length > 0
      ? { specialty: fields.map((code) => coded(SPECIALTY_SYSTEM, code, specialtyCodes.coded(code).display)) }
      : {}),
  };
}

/**
 * The employments the Providers list shows as someone's places of work (listedWorkplace, of a person it
 * lists): the only ones the FHIR API gives as PractitionerRole. `where` narrows them.
 */
async function listedRoles(
  q: Queryable,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<PractitionerRole[]> {
  const query = q
    .select({
      id: employments.id,
      user_id: users.id,
      title: users.title,
      first_name: users.first_name,
      last_name: users.last_name,
      role: users.role,
      establishment_id: establishments.id,
      establishment_name: establishments.name,
      hospital_name: hospitals.name,
    })
    .from(employments)
    .innerJoin(users, eq(users.id, employments.user_id))
    .innerJoin(establishments, eq(establishments.id, employments.establishment_id))
    .leftJoin(hospitals, eq(hospitals.id, establishments.hospital_id))
    .where(and(listedWorkplace(), listedProviders(q), where))
    // The Providers list's order (by name), then the person's own order of their places of work.
    .orderBy(
      asc(sql`lower(${users.last_name})`),
      asc(sql`lower(${users.first_name})`),
      asc(users.id),
      asc(employments.priority),
      asc(employments.id),
    );
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const people = [...new Set(rows.map((row) => row.user_id))];
  const fields =
    people.length === 0
      ? []
      : await q
          .select({ user_id: specialties.user_id, practice: specialties.practice })
          .from(specialties)
          .where(inArray(specialties.user_id, people))
          .orderBy(asc(specialties.priority));
  return rows.map((row) =>
    practitionerRoleOf(row, [
      ...new Set(
        fields
          .filter((field) => field.user_id === row.user_id)
          .map((field) => specialtyCodeOf(field.practice))
          .filter((code) => code !== null),
      ),
    ]),
  );
}

/** GET fhir/PractitionerRole/{id}: a listed employment, else undefined (the 404 of a missing one). */
export async function findPractitionerRole(q: Queryable, id: string): Promise<PractitionerRole | undefined> {
  const [found] = await listedRoles(q, eq(employments.id, id));
  return found;
}

/**
 * GET fhir/PractitionerRole: listed employments of one practitioner or at one organisation (or all of them,
 * as the Providers list pages through everyone), a page at a time; `more` when another page follows.
 */
export async function searchPractitionerRoles(
  q: Queryable,
  search: FhirPractitionerRoleSearch,
): Promise<{ page: PractitionerRole[]; more: boolean }> {
  const where = and(
    search.practitioner ? eq(employments.user_id, search.practitioner) : undefined,
    search.organization ? eq(employments.establishment_id, search.organization) : undefined,
  );
  const found = await listedRoles(q, where, {
    limit: search._count + 1,
    offset: (search._page - 1) * search._count,
  });
  return { page: found.slice(0, search._count), more: found.length > search._count };
}
