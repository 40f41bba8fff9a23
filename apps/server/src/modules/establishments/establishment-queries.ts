import { SPECIALTIES, specialtyCodeOf } from '@referrals/domain/people/specialty-codes';
import { and, asc, count, desc, eq, exists, ilike, inArray, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageQuery } from '@referrals/domain/api';
import type {
  AuState,
  EstablishmentType,
  ServiceType,
} from '@referrals/domain/establishments/establishment-codes';
import { establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import { intakeAddress } from '@referrals/domain/imports/intake-address';
import type {
  Department,
  Establishment,
  EstablishmentListQuery,
} from '@referrals/domain/establishments/establishment-schemas';
import type { Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments, specialties, users } from '../../db/schema/people.ts';
import { pageWindow } from '../../http/paging.ts';
import { portalSettingsOf } from './portal-settings.ts';
import { isSystemCaller, type Caller, type Reader } from '../tenancy/caller.ts';
import {
  canEditEstablishment,
  deletionBlockers,
  establishmentsReadableBy,
  type DeletionBlocker,
} from './establishment-visibility.ts';

export type EstablishmentRow = typeof establishments.$inferSelect;
type HospitalRef = { id: string; name: string } | null;

const hospitals = alias(establishments, 'hospitals');
const withHospital = { place: establishments, hospital: { id: hospitals.id, name: hospitals.name } };

/** Roles listed as an establishment's doctors (include_doctors). */
const DOCTOR_ROLES = ['GP', 'GPP', 'SP', 'SPT'];

/** The filters both lists share; `include_doctors` changes what each entry carries, not which are listed. */
export type EstablishmentFilters = Omit<EstablishmentListQuery, 'include_doctors' | keyof PageQuery>;

/** Where the web app and portals fetch an establishment's logo; the version busts caches on a new upload. */
export function brandingLogoUrl(establishmentId: string, stored: string | null): string | null {
  return stored
    ? `/api/public/establishments/${establishmentId}/branding-logo/?v=${stored.slice(0, 8)}`
    : null;
}

const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/**
 * The list filters (spec section 3, Establishment list filters) as SQL. Personal spaces (PA) are never
 * listed; `approved` defaults to approved ones.
 */
export function filterConditions(q: Queryable, filters: EstablishmentFilters): SQL[] {
  const conditions: SQL[] = [
    ne(establishments.type, 'PA'),
    eq(establishments.is_approved, flag(filters.approved) ?? true),
  ];
  if (filters.type) conditions.push(eq(establishments.type, filters.type));
  if (filters.keyword) {
    conditions.push(ilike(establishments.name, `%${filters.keyword.replace(/[%_\\]/g, '\\$&')}%`));
  }
  if (filters.states) conditions.push(inArray(establishments.state, filters.states));
  for (const column of ['is_verified', 'accepts_join_requests', 'accepts_in_app_referrals'] as const) {
    const value = flag(filters[column === 'is_verified' ? 'verified' : column]);
    if (value !== undefined) conditions.push(eq(establishments[column], value));
  }
  if (filters.service) {
    conditions.push(sql`${establishments.services} @> ${JSON.stringify([filters.service])}::jsonb`);
  }
  if (filters.health_organisation_network) {
    conditions.push(eq(establishments.health_organisation_network, filters.health_organisation_network));
  }
  if (filters.specialty) {
    conditions.push(
      exists(
        q
          .select({ one: sql`1` })
          .from(employments)
          .innerJoin(specialties, eq(specialties.user_id, employments.user_id))
          .where(
            and(
              eq(employments.establishment_id, establishments.id),
              eq(employments.status, 'APPROVED'),
              holdsSpecialty(filters.specialty),
            ),
          ),
      ),
    );
  }
  const verifiedEmployee = flag(filters.has_verified_employee);
  if (verifiedEmployee !== undefined) {
    const any = exists(
      q
        .select({ one: sql`1` })
        .from(employments)
        .where(
          and(
            eq(employments.establishment_id, establishments.id),
            eq(employments.status, 'APPROVED'),
            eq(employments.is_verified_employee, true),
          ),
        ),
    );
    conditions.push(verifiedEmployee ? any : not(any));
  }
  return conditions;
}

/** The list's `order_by` (by name, either way), with the id to keep pages stable among equal names. */
export function establishmentOrder(query: Pick<EstablishmentListQuery, 'order_by'>) {
  const direction = query.order_by.direction === 'desc' ? desc : asc;
  return [direction(establishments.name), direction(establishments.id)] as const;
}

/** A specialty stored as its code, or typed by its name in Settings (specialtyCodeOf). */
function holdsSpecialty(filter: string): SQL {
  const code = specialtyCodeOf(filter);
  if (!code) return eq(specialties.practice, filter);
  return or(
    eq(specialties.practice, code),
    sql`lower(trim(${specialties.practice})) = ${SPECIALTIES[code].toLowerCase()}`,
  ) as SQL;
}

/**
 * A page of establishments the caller may read, one type per list, ordered by name: each with can_edit
 * and can_delete for the caller, a hospital's departments and, with include_doctors, the approved doctors.
 * A fixed number of queries whatever the page size.
 */
export async function listEstablishments(
  q: Queryable,
  caller: Caller,
  query: EstablishmentListQuery,
  options: Omit<DescribeOptions, 'includeDoctors'>,
): Promise<{ count: number; results: Establishment[] }> {
  const where = and(establishmentsReadableBy(caller), ...filterConditions(q, query));
  const { limit, offset } = pageWindow(query);
  const [total] = await q.select({ n: count() }).from(establishments).where(where);
  const rows = await q
    .select(withHospital)
    .from(establishments)
    .leftJoin(hospitals, eq(hospitals.id, establishments.hospital_id))
    .where(where)
    .orderBy(...establishmentOrder(query))
    .limit(limit)
    .offset(offset);
  const results = await describeEstablishments(
    q,
    caller,
    rows.map(({ place, hospital }) => ({ place, hospital: hospital?.id ? hospital : null })),
    { ...options, includeDoctors: query.include_doctors === 'true' },
  );
  return { count: total?.n ?? 0, results };
}

/**
 * One establishment the caller may read, or undefined (missing and unreadable look the same). A backend
 * service reads it as its establishment's staff would, never able to edit it.
 */
export function getEstablishment(
  q: Queryable,
  caller: Reader,
  id: string,
  options: DescribeOptions,
): Promise<Establishment | undefined> {
  return findEstablishment(q, caller, eq(establishments.id, id), options);
}

/** The establishment a send/:establishment_slug link names, if the caller may read it (section 2). */
export function getEstablishmentBySlug(
  q: Queryable,
  caller: Caller,
  slug: string,
  options: DescribeOptions,
): Promise<Establishment | undefined> {
  return findEstablishment(q, caller, eq(establishments.slug, slug), options);
}

async function findEstablishment(
  q: Queryable,
  caller: Reader,
  which: SQL,
  options: DescribeOptions,
): Promise<Establishment | undefined> {
  const [row] = await q
    .select(withHospital)
    .from(establishments)
    .leftJoin(hospitals, eq(hospitals.id, establishments.hospital_id))
    .where(and(which, establishmentsReadableBy(caller)));
  if (!row) return undefined;
  const [described] = await describeEstablishments(
    q,
    caller,
    [{ place: row.place, hospital: row.hospital?.id ? row.hospital : null }],
    options,
  );
  return described;
}

/** The row of an establishment the caller may read, for a write to check can_edit on; locked with `forUpdate`. */
export async function readableEstablishmentRow(
  q: Queryable,
  caller: Caller,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<EstablishmentRow | undefined> {
  const query = q
    .select()
    .from(establishments)
    .where(and(eq(establishments.id, id), establishmentsReadableBy(caller)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * How to describe establishments: with their doctors, with the intake's domain when it takes mail, and with
 * the web app's address (PUBLIC_URL) that the portal's lives under.
 */
export type DescribeOptions = {
  includeDoctors: boolean;
  intakeDomain?: string | undefined;
  publicUrl: string;
};

async function describeEstablishments(
  q: Queryable,
  caller: Reader,
  rows: { place: EstablishmentRow; hospital: HospitalRef }[],
  options: DescribeOptions,
): Promise<Establishment[]> {
  const editable: EstablishmentRow[] = isSystemCaller(caller)
    ? []
    : rows.filter(({ place }) => canEditEstablishment(caller, place)).map(({ place }) => place);
  const [departments, blockers, doctors] = await Promise.all([
    departmentsOf(
      q,
      caller,
      rows.map(({ place }) => place).filter((place) => place.type === 'HL'),
      new Set(editable.map((place) => place.id)),
    ),
    isSystemCaller(caller)
      ? new Map<string, DeletionBlocker[]>()
      : deletionBlockers(
          q,
          editable.map((place) => place.id),
          caller.userId,
        ),
    options.includeDoctors
      ? doctorsAt(
          q,
          rows.map(({ place }) => place.id),
        )
      : undefined,
  ]);
  return rows.map(({ place, hospital }) => {
    const canEdit = editable.includes(place);
    return {
      ...establishmentFields(place, hospital),
      can_edit: canEdit,
      can_delete: canEdit && !blockers.has(place.id),
      departments: departments.get(place.id) ?? [],
      intake_sender_domains: canEdit ? place.intake_sender_domains : null,
      intake_address:
        options.intakeDomain && place.slug ? intakeAddress(place.slug, options.intakeDomain) : null,
      portal: canEdit ? portalSettingsOf(place, options.publicUrl) : null,
      ...(doctors ? { doctors: doctors.get(place.id) ?? [] } : {}),
    };
  });
}

/** The fields of an establishment that do not depend on who asks. */
export function establishmentFields(place: EstablishmentRow, hospital: HospitalRef) {
  return {
    id: place.id,
    name: place.name,
    type: establishmentTypes.coded(place.type as EstablishmentType),
    phone1: place.phone1,
    phone2: place.phone2,
    address1: place.address1,
    address2: place.address2,
    city: place.city,
    state: place.state as AuState,
    postcode: place.postcode,
    email: place.email,
    website: place.website,
    description: place.description,
    is_approved: place.is_approved,
    is_verified: place.is_verified,
    accepts_join_requests: place.accepts_join_requests,
    accepts_in_app_referrals: place.accepts_in_app_referrals,
    disable_auto_allocation: place.disable_auto_allocation,
    allows_shared_inbox_access: place.allows_shared_inbox_access,
    allows_cpl_and_shared_outbox_access: place.allows_cpl_and_shared_outbox_access,
    case_conferences_enabled: place.case_conferences_enabled,
    sms_enabled: place.sms_enabled,
    digital_ordering: place.digital_ordering,
    accepts_advice_and_guidance: place.accepts_advice_and_guidance,
    shares_waiting_times: place.shares_waiting_times,
    services: place.services as ServiceType[],
    health_organisation_network: place.health_organisation_network,
    branding: { logo: brandingLogoUrl(place.id, place.branding_logo) },
    hospital: place.type === 'DT' ? hospital : null,
  };
}

/**
 * The departments of these hospitals that the caller may read, in one query: only verified ones accepting
 * join requests (section 6: departments offered for joining), except that an editor of the hospital sees
 * them all.
 */
async function departmentsOf(
  q: Queryable,
  caller: Reader,
  hospitalRows: EstablishmentRow[],
  editableIds: ReadonlySet<string>,
): Promise<Map<string, Department[]>> {
  const found = new Map<string, Department[]>();
  if (hospitalRows.length === 0) return found;
  const names = new Map(hospitalRows.map((row) => [row.id, row.name]));
  const editableHospitals = hospitalRows.filter((row) => editableIds.has(row.id)).map((row) => row.id);
  const joinable = and(eq(establishments.is_verified, true), eq(establishments.accepts_join_requests, true));
  const rows = await q
    .select()
    .from(establishments)
    .where(
      and(
        inArray(establishments.hospital_id, [...names.keys()]),
        eq(establishments.type, 'DT'),
        establishmentsReadableBy(caller),
        editableHospitals.length > 0
          ? or(joinable, inArray(establishments.hospital_id, editableHospitals))
          : joinable,
      ),
    )
    .orderBy(asc(establishments.name), asc(establishments.id));
  for (const row of rows) {
    const hospitalId = row.hospital_id ?? '';
    const list = found.get(hospitalId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      email: row.email,
      website: row.website,
      description: row.description,
      hospital: { id: hospitalId, name: names.get(hospitalId) ?? '' },
      type: establishmentTypes.coded('DT'),
      is_approved: row.is_approved,
      is_verified: row.is_verified,
      accepts_join_requests: row.accepts_join_requests,
      digital_ordering: row.digital_ordering,
      accepts_advice_and_guidance: row.accepts_advice_and_guidance,
    });
    found.set(hospitalId, list);
  }
  return found;
}

type Doctor = NonNullable<Establishment['doctors']>[number];

/** The doctors (GP, GPP, SP, SPT) with an approved employment at each establishment, in one query. */
async function doctorsAt(q: Queryable, ids: string[]): Promise<Map<string, Doctor[]>> {
  const found = new Map<string, Doctor[]>();
  if (ids.length === 0) return found;
  const rows = await q
    .select({
      establishment_id: employments.establishment_id,
      id: users.id,
      title: users.title,
      first_name: users.first_name,
      last_name: users.last_name,
      role: users.role,
    })
    .from(employments)
    .innerJoin(users, eq(users.id, employments.user_id))
    .where(
      and(
        inArray(employments.establishment_id, ids),
        eq(employments.status, 'APPROVED'),
        inArray(users.role, DOCTOR_ROLES),
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
  for (const { establishment_id, ...doctor } of rows) {
    const list = found.get(establishment_id) ?? [];
    list.push(doctor);
    found.set(establishment_id, list);
  }
  return found;
}
