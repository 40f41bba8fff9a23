import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@referrals/domain/api';
import { titles, type CarerType } from '@referrals/domain/people/people-codes';
import { normaliseMedicareNumber } from '@referrals/domain/patients/patient-save-rules';
import type {
  Carer,
  Mrn,
  Patient,
  PatientListQuery,
  PatientStatus,
  PatientSummary,
} from '@referrals/domain/patients/patient-schemas';
import type { Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import {
  carers,
  concessionCards,
  healthFunds,
  patientExternalIds,
  patientMrns,
  patients,
  visiblePatients,
} from '../../db/schema/patients.ts';
import { users } from '../../db/schema/people.ts';
import { pageWindow } from '../../http/paging.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import { patientEstablishmentOf, patientsVisibleTo } from './patient-visibility.ts';

type PatientRow = typeof patients.$inferSelect;
type CarerRow = typeof carers.$inferSelect;

/** A LIKE pattern matching values that start with `word`, with LIKE's wildcards escaped. */
export function prefixPattern(word: string): string {
  return `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Ids of the patients with an MRN at the establishment starting with `pattern` (patient_mrns_establishment_number_idx). */
function mrnPrefixIds(establishmentId: string, pattern: string): SQL {
  return sql`select m.patient_id from ${patientMrns} m
    where m.establishment_id = ${establishmentId} and lower(m.number) like ${pattern}`;
}

const v = visiblePatients;

/**
 * One keyword word: the start of the first name, last name, Medicare number or an MRN at the caller's
 * establishment. Each branch of the union is one range of an index that starts with the establishment (the
 * name keys are stored lower-cased; LIKE's wildcards are escaped), so a search reads only the matching rows:
 * written as one OR, the planner walked the establishment's whole range instead (bench/patient-search.ts).
 */
function keywordCondition(word: string, establishmentId: string): SQL {
  const pattern = prefixPattern(word);
  const medicare = prefixPattern(normaliseMedicareNumber(word));
  const w = sql`${v} w`;
  return sql`${v.patient_id} in (
    select w.patient_id from ${w} where w.establishment_id = ${establishmentId} and w.last_name_key like ${pattern}
    union all
    select w.patient_id from ${w} where w.establishment_id = ${establishmentId} and w.first_name_key like ${pattern}
    union all
    select w.patient_id from ${w} where w.establishment_id = ${establishmentId} and w.pub_insurance_details like ${medicare}
    union all
    ${mrnPrefixIds(establishmentId, pattern)})`;
}

/**
 * The WHERE on visible_patients of GET patients/ for this caller (section 7 Patients): the caller's
 * establishment's range of the table is their visibility, and every filter is a column of it.
 */
export function patientListCondition(caller: Caller, query: PatientListQuery): SQL {
  const establishmentId = patientEstablishmentOf(caller);
  if (establishmentId === null) return sql`false`;
  const conditions: (SQL | undefined)[] = [eq(v.establishment_id, establishmentId)];
  for (const word of query.keyword) conditions.push(keywordCondition(word, establishmentId));
  if (query.fname) conditions.push(sql`${v.first_name_key} like ${prefixPattern(query.fname.toLowerCase())}`);
  if (query.lname) conditions.push(sql`${v.last_name_key} like ${prefixPattern(query.lname.toLowerCase())}`);
  if (query.dob) conditions.push(eq(v.dob, query.dob));
  if (query.mrn) {
    conditions.push(
      sql`${v.patient_id} in (${mrnPrefixIds(establishmentId, prefixPattern(query.mrn.toLowerCase()))})`,
    );
  }
  if (query.medicare) {
    conditions.push(
      sql`${v.pub_insurance_details} like ${prefixPattern(normaliseMedicareNumber(query.medicare))}`,
    );
  }
  const within = query.within_establishment;
  if (within !== undefined && within !== 'false') {
    // Narrower than visibility: records the establishment owns or holds an MRN for, not those it sees only
    // through referrals.
    if (within !== 'true' && within !== establishmentId) return sql`false`;
    conditions.push(or(eq(v.owns, true), eq(v.holds_mrn, true)));
  }
  if (query.filter_by_organisation === 'true') conditions.push(eq(v.owns, true));
  if (query.status !== 'all') conditions.push(eq(v.status, query.status));
  if (query.is_imported !== undefined) conditions.push(eq(v.is_imported, query.is_imported === 'true'));
  return and(...conditions) ?? sql`false`;
}

/** The MRN number at the establishment, newest first, as a correlated subquery. */
function currentMrn(establishmentId: string): SQL<string | null> {
  return sql<string | null>`(select m.number from ${patientMrns} m
    where m.patient_id = ${patients.id} and m.establishment_id = ${establishmentId}
    order by m.added_at desc limit 1)`;
}

/**
 * One page of GET patients/ and the total, ordered by last name, first name (ignoring case). With `audit`,
 * the statement that reads the page also writes one patient.list audit row per patient on it: one
 * statement is one transaction, so the rows exist exactly when the page was read.
 */
export async function listPatients(
  q: Queryable,
  caller: Caller,
  query: PatientListQuery & PageQuery,
  audit?: AuditActor,
): Promise<{ count: number; results: PatientSummary[] }> {
  const establishmentId = patientEstablishmentOf(caller);
  if (establishmentId === null) return { count: 0, results: [] };
  const where = patientListCondition(caller, query);
  const { limit, offset } = pageWindow(query);
  // The page and the total come from one walk of visible_patients (a window count over the matches), and
  // only the page's 10 rows are joined to the records.
  const page = q.$with('page').as(
    q
      .select({
        patient_id: v.patient_id,
        last_name_key: v.last_name_key,
        first_name_key: v.first_name_key,
        total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
      })
      .from(v)
      .where(where)
      .orderBy(asc(v.last_name_key), asc(v.first_name_key), asc(v.patient_id))
      .limit(limit)
      .offset(offset),
  );
  const logged = q.$with('logged', { one: sql<number>`1` }).as(
    audit
      ? sql`insert into ${auditLog} (actor_id, establishment_id, ip, request_id, action, resource_type,
            resource_id, patient_id, outcome, detail)
          select ${audit.actorId}::uuid, ${audit.establishmentId}::uuid, ${audit.ip}, ${audit.requestId},
            'patient.list', 'patient', patient_id::text, patient_id, 'success',
            ${JSON.stringify({ page: query.page })}::jsonb
          from page returning 1 as one`
      : sql`select 1 as one where false`,
  );
  const rows = await q
    .with(page, logged)
    .select({
      patient: patients,
      establishment: { id: establishments.id, name: establishments.name },
      mrn: currentMrn(establishmentId),
      total: page.total,
    })
    .from(page)
    .innerJoin(patients, eq(patients.id, page.patient_id))
    .innerJoin(establishments, eq(establishments.id, patients.establishment_id))
    .orderBy(asc(page.last_name_key), asc(page.first_name_key), asc(page.patient_id));
  // A page past the end has no row to carry the total: only then is it counted on its own.
  const total =
    rows[0]?.total ?? (offset === 0 ? 0 : ((await q.select({ n: count() }).from(v).where(where))[0]?.n ?? 0));
  return {
    count: total,
    results: rows.map(({ patient: p, establishment, mrn }) => ({
      id: p.id,
      establishment,
      status: p.status as PatientStatus,
      is_imported: p.is_imported,
      title: p.title,
      first_name: p.first_name,
      last_name: p.last_name,
      dob: p.dob,
      sex: p.sex,
      pub_insurance_type: p.pub_insurance_type,
      pub_insurance_details: p.pub_insurance_details,
      medicare_ref_num: p.medicare_ref_num,
      mrn,
      phone: p.phone,
      email: p.email,
      version: p.version,
    })),
  };
}

/** The patient row when the caller may see it, optionally locked for an update in the caller's transaction. */
export async function findVisiblePatient(
  q: Queryable,
  caller: Caller,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PatientRow | undefined> {
  if (patientEstablishmentOf(caller) === null) return undefined;
  const query = q
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), patientsVisibleTo(caller)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export function toCarer(row: CarerRow): Carer {
  return {
    id: row.id,
    carer_type: row.carer_type as CarerType,
    title: row.title,
    first_name: row.first_name,
    last_name: row.last_name,
    relation: row.relation,
    emergency_contact: row.emergency_contact,
    next_of_kin: row.next_of_kin,
    email: row.email,
    phone: row.phone,
    dob: row.dob,
    address_same_as_patient: row.address_same_as_patient,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    pub_insurance_details: row.pub_insurance_details,
    medicare_ref_num: row.medicare_ref_num,
    medicare_expiry_date: row.medicare_expiry_date,
    version: row.version,
  };
}

export async function listCarers(q: Queryable, patientId: string): Promise<Carer[]> {
  const rows = await q
    .select()
    .from(carers)
    .where(eq(carers.patient_id, patientId))
    .orderBy(asc(carers.carer_type), asc(carers.created_at), asc(carers.id));
  return rows.map(toCarer);
}

/** The MRN entries the establishment holds for the patient (section 3 MRN entry), newest first. */
export async function listMrns(
  q: Queryable,
  patientId: string,
  establishmentId: string,
  mrnId?: string,
): Promise<Mrn[]> {
  const rows = await q
    .select({
      mrn: patientMrns,
      establishment: { id: establishments.id, name: establishments.name },
      addedBy: { id: users.id, first_name: users.first_name, last_name: users.last_name },
    })
    .from(patientMrns)
    .innerJoin(establishments, eq(establishments.id, patientMrns.establishment_id))
    .leftJoin(users, eq(users.id, patientMrns.added_by_id))
    .where(
      and(
        eq(patientMrns.patient_id, patientId),
        eq(patientMrns.establishment_id, establishmentId),
        mrnId === undefined ? undefined : eq(patientMrns.id, mrnId),
      ),
    )
    .orderBy(sql`${patientMrns.added_at} desc`, asc(patientMrns.id));
  const receivingIds = [
    ...new Set(rows.map((r) => r.mrn.receiving_establishment_id).filter((id): id is string => id !== null)),
  ];
  const receiving =
    receivingIds.length === 0
      ? []
      : await q
          .select({ id: establishments.id, name: establishments.name })
          .from(establishments)
          .where(inArray(establishments.id, receivingIds));
  return rows.map(({ mrn, establishment, addedBy }) => ({
    id: mrn.id,
    number: mrn.number,
    establishment,
    receiving_establishment: receiving.find((e) => e.id === mrn.receiving_establishment_id) ?? null,
    added_by: addedBy?.id ? addedBy : null,
    added_at: mrn.added_at.toISOString(),
  }));
}

/** The whole record as GET patients/{id}/ returns it, for a row the caller may see. */
export async function patientDetail(q: Queryable, caller: Caller, row: PatientRow): Promise<Patient> {
  const establishmentId = patientEstablishmentOf(caller) ?? '';
  const [owner] = await q
    .select({ id: establishments.id, name: establishments.name })
    .from(establishments)
    .where(eq(establishments.id, row.establishment_id));
  const [doctor] = row.doctor_id
    ? await q
        .select({
          id: users.id,
          title: users.title,
          first_name: users.first_name,
          last_name: users.last_name,
        })
        .from(users)
        .where(eq(users.id, row.doctor_id))
    : [];
  const cards = await q
    .select()
    .from(concessionCards)
    .where(eq(concessionCards.patient_id, row.id))
    .orderBy(asc(concessionCards.position), asc(concessionCards.id));
  const funds = await q
    .select()
    .from(healthFunds)
    .where(eq(healthFunds.patient_id, row.id))
    .orderBy(asc(healthFunds.position), asc(healthFunds.id));
  const externalIds = await q
    .select()
    .from(patientExternalIds)
    .where(eq(patientExternalIds.patient_id, row.id))
    .orderBy(asc(patientExternalIds.system));
  const mrns = await listMrns(q, row.id, establishmentId);
  const { establishment_id: _e, doctor_id: _d, user_id: _u, created_by_id: _c, ...fields } = row;
  return {
    ...fields,
    status: row.status as PatientStatus,
    establishment: owner ?? { id: row.establishment_id, name: '' },
    doctor:
      doctor === undefined
        ? null
        : { ...doctor, title: titles.coded(titles.isCode(doctor.title) ? doctor.title : 'DR') },
    mrn: mrns[0]?.number ?? null,
    mrns,
    concession_cards: cards.map((c) => ({
      id: c.id,
      type: c.type,
      concession_number: c.concession_number,
      concession_other: c.concession_other,
    })),
    health_funds: funds.map((f) => ({
      id: f.id,
      type: f.type,
      health_fund_name: f.health_fund_name,
      health_fund_num: f.health_fund_num,
    })),
    carers: await listCarers(q, row.id),
    external_ids: externalIds.map((e) => ({ system: e.system, external_id: e.external_id })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
