import { and, asc, count, eq, inArray, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import { prefixBounds, preparedFor, StatementShape } from '../../db/prepared-shapes.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { Reader } from '../tenancy/caller.ts';
import { patientEstablishmentOf, patientsVisibleTo } from './patient-visibility.ts';

type PatientRow = typeof patients.$inferSelect;
type CarerRow = typeof carers.$inferSelect;

/** A LIKE pattern matching values that start with `word`, with LIKE's wildcards escaped. */
export function prefixPattern(word: string): string {
  return `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column` starts with `prefix`: a range of its text_pattern_ops index, bound (prepared-shapes.ts). */
function startsWith(shape: StatementShape, column: SQL | AnyColumn, prefix: string): SQL {
  const { low, high } = prefixBounds(prefix);
  return sql`(${column} ~>=~ ${shape.bind(low)} and ${column} ~<~ ${shape.bind(high)})`;
}

/** Ids of the patients with an MRN at the establishment starting with `prefix` (patient_mrns_establishment_number_idx). */
function mrnPrefixIds(shape: StatementShape, establishment: Placeholder, prefix: string): SQL {
  return sql`select m.patient_id from ${patientMrns} m
    where m.establishment_id = ${establishment} and ${startsWith(shape, sql`lower(m.number)`, prefix)}`;
}

const v = visiblePatients;
// The union's branches read visible_patients again as `w` (keywordCondition).
const w = alias(visiblePatients, 'w');

/**
 * One keyword word: the start of the first name, last name, Medicare number or an MRN at the caller's
 * establishment. Each branch of the union is one range of an index that starts with the establishment (the
 * name keys are stored lower-cased), so a search reads only the matching rows: written as one OR, the
 * planner walked the establishment's whole range instead. The union is collected once into an array (an
 * init plan): as `in (...)`, the generic plan of two words ran the second word's union again for every row
 * the first one found (bench/patient-search.ts).
 */
function keywordCondition(shape: StatementShape, word: string, establishment: Placeholder): SQL {
  const medicare = normaliseMedicareNumber(word);
  return sql`${v.patient_id} = any(array(
    select ${w.patient_id} from ${v} w where ${w.establishment_id} = ${establishment} and ${startsWith(shape, w.last_name_key, word)}
    union all
    select ${w.patient_id} from ${v} w where ${w.establishment_id} = ${establishment} and ${startsWith(shape, w.first_name_key, word)}
    union all
    select ${w.patient_id} from ${v} w where ${w.establishment_id} = ${establishment} and ${startsWith(shape, w.pub_insurance_details, medicare)}
    union all
    ${mrnPrefixIds(shape, establishment, word)}))`;
}

/**
 * The WHERE on visible_patients of GET patients/ for this caller (section 7 Patients): the caller's
 * establishment's range of the table is their visibility, and every filter is a column of it. Each filter
 * given is a part of the statement's shape and its value is bound.
 */
function patientListCondition(shape: StatementShape, establishmentId: string, query: PatientListQuery): SQL {
  const establishment = shape.bind(establishmentId);
  const conditions: SQL[] = [sql`${v.establishment_id} = ${establishment}`];
  const add = (part: string, condition: SQL) => conditions.push(shape.part(part, condition));
  for (const word of query.keyword) add('keyword', keywordCondition(shape, word, establishment));
  if (query.fname) add('fname', startsWith(shape, v.first_name_key, query.fname.toLowerCase()));
  if (query.lname) add('lname', startsWith(shape, v.last_name_key, query.lname.toLowerCase()));
  if (query.dob) add('dob', sql`${v.dob} = ${shape.bind(query.dob)}`);
  if (query.mrn) {
    add('mrn', sql`${v.patient_id} in (${mrnPrefixIds(shape, establishment, query.mrn.toLowerCase())})`);
  }
  if (query.medicare) {
    add('medicare', startsWith(shape, v.pub_insurance_details, normaliseMedicareNumber(query.medicare)));
  }
  const within = query.within_establishment;
  if (within !== undefined && within !== 'false') {
    // Narrower than visibility: records the establishment owns or holds an MRN for, not those it sees only
    // through referrals.
    if (within !== 'true' && within !== establishmentId) return shape.part('nothing', sql`false`);
    add('within', sql`(${v.owns} or ${v.holds_mrn})`);
  }
  if (query.filter_by_organisation === 'true') add('organisation', sql`${v.owns}`);
  if (query.status !== 'all') add('status', sql`${v.status} = ${shape.bind(query.status)}`);
  if (query.is_imported !== undefined) {
    add('imported', sql`${v.is_imported} = ${shape.bind(query.is_imported === 'true')}`);
  }
  return and(...conditions) ?? sql`false`;
}

// Only the columns of a summary: selecting whole patient rows cost more CPU in building and mapping the
// statement than the database spent running it (bench/patient-search.ts).
const summaryColumns = {
  id: patients.id,
  establishment: { id: establishments.id, name: establishments.name },
  status: patients.status,
  is_imported: patients.is_imported,
  title: patients.title,
  first_name: patients.first_name,
  last_name: patients.last_name,
  dob: patients.dob,
  sex: patients.sex,
  pub_insurance_type: patients.pub_insurance_type,
  pub_insurance_details: patients.pub_insurance_details,
  medicare_ref_num: patients.medicare_ref_num,
  phone: patients.phone,
  email: patients.email,
  version: patients.version,
};

/**
 * One page of GET patients/ and the total, ordered by last name, first name (ignoring case). With `audit`,
 * the statement that reads the page also writes one patient.list audit row per patient on it: one
 * statement is one transaction, so the rows exist exactly when the page was read. The statement is
 * prepared once per shape (which filters, how many words, audited or not).
 */
export async function listPatients(
  q: Queryable,
  caller: Reader,
  query: PatientListQuery & PageQuery,
  audit?: AuditActor,
): Promise<{ count: number; results: PatientSummary[] }> {
  const establishmentId = patientEstablishmentOf(caller);
  if (establishmentId === null) return { count: 0, results: [] };
  const shape = new StatementShape();
  const where = patientListCondition(shape, establishmentId, query);
  const { limit, offset } = pageWindow(query);
  const [limitValue, offsetValue] = [shape.bind(limit), shape.bind(offset)];
  const mrnAt = shape.bind(establishmentId);
  const auditValues = audit
    ? {
        actor: shape.bind(audit.actorId),
        client: shape.bind(audit.clientId ?? null),
        establishment: shape.bind(audit.establishmentId),
        ip: shape.bind(audit.ip),
        request: shape.bind(audit.requestId),
        detail: shape.bind(JSON.stringify({ page: query.page })),
      }
    : shape.part('unaudited', undefined);
  const listed = preparedFor(q, 'patients_list', shape, () => {
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
        .limit(limitValue)
        .offset(offsetValue),
    );
    const logged = q.$with('logged', { one: sql<number>`1` }).as(
      auditValues
        ? sql`insert into ${auditLog} (actor_id, actor_client_id, establishment_id, ip, request_id, action,
              resource_type, resource_id, patient_id, outcome, detail)
            select ${auditValues.actor}::uuid, ${auditValues.client}::text, ${auditValues.establishment}::uuid,
              ${auditValues.ip}::text,
              ${auditValues.request}::text, 'patient.list', 'patient', patient_id::text, patient_id, 'success',
              ${auditValues.detail}::jsonb
            from page returning 1 as one`
        : sql`select 1 as one where false`,
    );
    // The MRN number at the establishment, newest first.
    const mrn = sql<string | null>`(select m.number from ${patientMrns} m
      where m.patient_id = ${patients.id} and m.establishment_id = ${mrnAt}
      order by m.added_at desc limit 1)`;
    return q
      .with(page, logged)
      .select({ ...summaryColumns, mrn, total: page.total })
      .from(page)
      .innerJoin(patients, eq(patients.id, page.patient_id))
      .innerJoin(establishments, eq(establishments.id, patients.establishment_id))
      .orderBy(asc(page.last_name_key), asc(page.first_name_key), asc(page.patient_id));
  });
  const rows = await listed.execute(shape.values);
  return {
    count: rows[0]?.total ?? (offset === 0 ? 0 : await countPatients(q, shape, where)),
    results: rows.map(({ total: _total, ...summary }) => ({
      ...summary,
      status: summary.status as PatientStatus,
    })),
  };
}

/** A page past the end has no row to carry the total: only then is it counted on its own. */
async function countPatients(q: Queryable, shape: StatementShape, where: SQL): Promise<number> {
  const counted = preparedFor(q, 'patients_count', shape, () =>
    q.select({ n: count() }).from(v).where(where),
  );
  const [row] = await counted.execute(shape.values);
  return row?.n ?? 0;
}

/** The patient row when the caller may see it, optionally locked for an update in the caller's transaction. */
export async function findVisiblePatient(
  q: Queryable,
  caller: Reader,
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
export async function patientDetail(q: Queryable, caller: Reader, row: PatientRow): Promise<Patient> {
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
