import type { Organization, Practitioner } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { MEDICARE_PROVIDER_SYSTEM } from '@referrals/domain/clinical-record/fhir-record';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import { roles, titles } from '@referrals/domain/people/people-codes';
import type { Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
import { listedProviders } from '../directory/provider-routes.ts';

/** An establishment as FHIR's Organization: a department is part of its hospital. */
export function organizationOf(establishment: Establishment): Organization {
  const line = [establishment.address1, establishment.address2].filter((part): part is string => !!part);
  return {
    resourceType: 'Organization',
    id: establishment.id,
    active: establishment.is_approved,
    type: [{ text: establishment.type.display }],
    name: establishment.name,
    telecom: [
      ...[establishment.phone1, establishment.phone2]
        .filter((phone): phone is string => !!phone)
        .map((value) => ({ system: 'phone' as const, value })),
      ...(establishment.email ? [{ system: 'email' as const, value: establishment.email }] : []),
      ...(establishment.website ? [{ system: 'url' as const, value: establishment.website }] : []),
    ],
    address: [
      {
        ...(line.length > 0 ? { line } : {}),
        ...(establishment.city ? { city: establishment.city } : {}),
        state: establishment.state,
        ...(establishment.postcode ? { postalCode: establishment.postcode } : {}),
        country: 'AU',
      },
    ],
    ...(establishment.hospital
      ? {
          partOf: {
            reference: `Organization/${establishment.hospital.id}`,
            display: establishment.hospital.name,
          },
        }
      : {}),
  };
}

/**
 * A provider as FHIR's Practitioner, when the Providers list would show them (a provider role and an approved
 * employment at an approved establishment): name and Medicare provider numbers, never an email or phone.
 */
export async function findPractitioner(q: Queryable, id: string): Promise<Practitioner | undefined> {
  const [person] = await q
    .select({
      id: users.id,
      title: users.title,
      first_name: users.first_name,
      last_name: users.last_name,
      role: users.role,
      provider_numbers: users.provider_num_list,
    })
    .from(users)
    .where(and(eq(users.id, id), listedProviders(q)));
  if (!person) return undefined;
  return {
    resourceType: 'Practitioner',
    id: person.id,
    active: true,
    identifier: person.provider_numbers.map((value) => ({ system: MEDICARE_PROVIDER_SYSTEM, value })),
    name: [
      {
        use: 'official',
        family: person.last_name,
        given: person.first_name.split(/\s+/).filter(Boolean),
        ...(person.title && titles.isCode(person.title)
          ? { prefix: [titles.coded(person.title).display] }
          : {}),
      },
    ],
    ...(person.role && roles.isCode(person.role)
      ? { qualification: [{ code: { text: roles.coded(person.role).display } }] }
      : {}),
  };
}
