import { sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { prefixBounds, type StatementShape } from '../../../db/prepared-shapes.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { patientMrns, patients, visiblePatients } from '../../../db/schema/patients.ts';
import { users } from '../../../db/schema/people.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { prefixPattern } from '../../patients/patient-queries.ts';
import { DELETED_PATIENT_STATUS } from '../../patients/patient-visibility.ts';

// The search filters of the lists of referrals and of what hangs on them (reports): conditions on the
// `referrals` row of the statement, by patient, MRN, id, referrer, receiver and submission date, with
// their values bound through the list's StatementShape.

/** Lower-cased words of a search text. */
export function words(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

/**
 * A per-row lookup by primary key: `exists (...)` under an OR let the planner pick a hashed subplan that
 * reads every matching row of the whole table once per branch (650 ms at 1M referrals); a scalar
 * subquery is always looked up per referral, and a list walks only its side's index range.
 */
export function lookedUp(query: SQL): SQL {
  return sql`coalesce((${query} limit 1), false)`;
}

/** A bound prefix range (prepared-shapes.ts, prefixBounds), to compare any text column or expression with. */
type Bounds = { low: Placeholder; high: Placeholder };

function boundsOf(shape: StatementShape, prefix: string): Bounds {
  const { low, high } = prefixBounds(prefix);
  return { low: shape.bind(low), high: shape.bind(high) };
}

/** `value` starts with the prefix: a range, which a text_pattern_ops index serves in a generic plan too. */
function startsWith(value: SQL, bounds: Bounds): SQL {
  return sql`(${value} ~>=~ ${bounds.low} and ${value} ~<~ ${bounds.high})`;
}

/**
 * Where a list's patient search looks for the patients it can match: the caller's establishment's rows of
 * visible_patients, and `beyond`, selects of the patient ids of the list's rows whose patient
 * visible_patients need not hold for that establishment (referral-list-conditions.ts, searchScope). A
 * patient deleted since is in nobody's visible_patients and is looked up apart.
 */
export type SearchScope = { establishmentId: string | null; beyond: SQL[] };

/**
 * The ids of the patients whose first or last name every word starts, among those the list's rows can
 * name (SearchScope), or null when the caller acts for no establishment. The longest word walks the name
 * indexes (the establishment's range of visible_patients, deleted patients' own); the others only filter
 * the rows it finds.
 */
function namedPatients(shape: StatementShape, each: string[], scope: SearchScope): SQL | null {
  if (scope.establishmentId === null) return null;
  const [first, ...others] = [...each]
    .sort((a, b) => b.length - a.length)
    .map((word) => shape.part('name-word', boundsOf(shape, word)));
  if (first === undefined) return null;
  const here = shape.bind(scope.establishmentId);
  const named = (firstName: SQL, lastName: SQL, bounds: Bounds[]) =>
    bounds.map((b) => sql` and (${startsWith(lastName, b)} or ${startsWith(firstName, b)})`);
  const visible = (key: SQL) => sql`select w.patient_id from ${visiblePatients} w
    where w.establishment_id = ${here} and ${startsWith(key, first)}
    ${sql.join(named(sql`w.first_name_key`, sql`w.last_name_key`, others))}`;
  // Written into the statement, as the partial indexes' predicate is, so that a generic plan uses them.
  const deletedStatus = sql.raw(`'${DELETED_PATIENT_STATUS}'`);
  const deleted = (name: SQL) => sql`select d.id from ${patients} d
    where d.status = ${deletedStatus} and ${startsWith(name, first)}
    ${sql.join(named(sql`lower(d.first_name)`, sql`lower(d.last_name)`, others))}`;
  const selects = [
    visible(sql`w.last_name_key`),
    visible(sql`w.first_name_key`),
    deleted(sql`lower(d.last_name)`),
    deleted(sql`lower(d.first_name)`),
    ...scope.beyond.map(
      (ids) => sql`select o.id from ${patients} o where o.id in (${ids})
        ${sql.join(named(sql`lower(o.first_name)`, sql`lower(o.last_name)`, [first, ...others]))}`,
    ),
  ];
  return sql.join(selects, sql` union all `);
}

/** The ids of the patients with an MRN at the establishment that starts with the text. */
function mrnHolders(shape: StatementShape, bounds: Bounds, establishmentId: string): SQL {
  return sql`select m.patient_id from ${patientMrns} m
    where m.establishment_id = ${shape.bind(establishmentId)} and ${startsWith(sql`lower(m.number)`, bounds)}`;
}

/**
 * The referral's patient is one of `patientIds`. The ids are collected once (an init plan), and the
 * referrals are then found through the side's index of (establishment, patient) (referrals_sender_patient_idx,
 * referrals_receiver_patient_idx): a search reads the matching patients' rows instead of looking up the
 * patient of every referral of the side (bench/referral-lists.ts).
 */
function patientIn(patientIds: SQL): SQL {
  return sql`${referrals.patient_id} = any(array(${patientIds}))`;
}

/** Every word starts the patient's first or last name (case-insensitive). */
export function patientNameMatches(shape: StatementShape, text: string, scope: SearchScope): SQL {
  const each = words(text);
  if (each.length === 0) return shape.part('no-name', sql`true`);
  const named = namedPatients(shape, each, scope);
  return named ? patientIn(named) : shape.part('name:nowhere', sql`false`);
}

/** The referral's MRN starts with the text, or the patient's MRN at the caller's establishment does. */
export function mrnMatches(shape: StatementShape, text: string, establishmentId: string): SQL {
  const bounds = boundsOf(shape, text.toLowerCase());
  return sql`(${patientIn(mrnHolders(shape, bounds, establishmentId))} or ${ownMrn(bounds)})`;
}

/** The referral's own MRN starts with the prefix (referrals_sender_mrn_idx, referrals_receiver_mrn_idx). */
function ownMrn(bounds: Bounds): SQL {
  return startsWith(sql`lower(${referrals.mrn})`, bounds);
}

/** The referral id starts with the text (ids are shown shortened). */
export function idMatches(shape: StatementShape, text: string): SQL {
  const range = uuidPrefixRange(text.toLowerCase());
  if (range === null) return shape.part('id:none', sql`false`);
  // The ids that start with a prefix are one range of uuids, which an index holding the id walks.
  return shape.part(
    'id:range',
    sql`${referrals.id} between ${shape.bind(range.low)}::uuid and ${shape.bind(range.high)}::uuid`,
  );
}

const UUID_TEXT = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/**
 * The first and last uuid whose text (lower-case, hyphenated) starts with `prefix`, or null when no uuid's
 * does. uuids sort as their 16 bytes, which is the order of their hex text.
 */
export function uuidPrefixRange(prefix: string): { low: string; high: string } | null {
  if (prefix.length > UUID_TEXT.length) return null;
  for (const [i, c] of Array.from(prefix).entries()) {
    if (UUID_TEXT[i] === '-' ? c !== '-' : !/^[0-9a-f]$/.test(c)) return null;
  }
  const rest = UUID_TEXT.slice(prefix.length);
  return { low: prefix + rest.replace(/x/g, '0'), high: prefix + rest.replace(/x/g, 'f') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A person by id, or every word starting their first or last name. */
export function personMatches(shape: StatementShape, column: Column, text: string): SQL {
  if (UUID.test(text)) return shape.part('person-id', sql`${column} = ${shape.bind(text)}`);
  const each = words(text).map((word) => {
    const pattern = shape.bind(prefixPattern(word));
    return shape.part(
      'person-word',
      sql`(lower(u.first_name) like ${pattern} or lower(u.last_name) like ${pattern})`,
    );
  });
  return lookedUp(sql`select true from ${users} u where u.id = ${column} and ${sql.join(each, sql` and `)}`);
}

/** The receiving establishment by id or by name words, or the assignee by id or name. */
export function receiverMatches(shape: StatementShape, text: string): SQL {
  if (UUID.test(text)) {
    const id = shape.bind(text);
    return shape.part(
      'receiver-id',
      sql`(${referrals.to_establishment_id} = ${id} or ${referrals.assignee_id} = ${id})`,
    );
  }
  // Infix: no index serves it, the establishment is found by id and its name only filtered.
  const each = words(text).map((word) =>
    shape.part('place-word', sql`lower(e.name) like ${shape.bind(`%${prefixPattern(word)}`)}`),
  );
  const place = lookedUp(sql`select true from ${establishments} e
    where e.id = ${referrals.to_establishment_id} and ${sql.join(each, sql` and `)}`);
  return sql`(${personMatches(shape, referrals.assignee_id, text)} or ${place})`;
}

/** A calendar date's start in Sydney, as an instant (the spec's dates are Australian). */
export function dayStart(shape: StatementShape, date: string, plusDays = 0): SQL {
  return sql`((${shape.bind(date)}::date + ${shape.bind(plusDays)}::int)::timestamp at time zone 'Australia/Sydney')`;
}

/** The search parameters the referral and report lists share (section 7). */
export type ReferralSearch = {
  search?: string | undefined;
  patient_name?: string | undefined;
  patient_mrn?: string | undefined;
  referral_id?: string | undefined;
  referrer?: string | undefined;
  receiver?: string | undefined;
};

/**
 * Adds a filter for each search parameter given, through `add` (which records the part of the statement's
 * shape): `search` matches the patient's name, the referral id or an MRN at the caller's establishment.
 * The patients a name or MRN matches are found first, through their indexes, and the referrals by patient.
 */
export function addSearchFilters(
  shape: StatementShape,
  query: ReferralSearch,
  scope: SearchScope,
  add: (part: string, filter: SQL) => void,
): void {
  const { establishmentId } = scope;
  if (query.search) {
    const text = query.search;
    const each = words(text);
    const named = each.length > 0 ? namedPatients(shape, each, scope) : null;
    const any = [idMatches(shape, text)];
    if (each.length === 0) any.push(shape.part('no-name', sql`true`));
    if (establishmentId) {
      // The patients named and those whose MRN here starts with the text, in one array.
      const bounds = boundsOf(shape, text.toLowerCase());
      const held = mrnHolders(shape, bounds, establishmentId);
      any.push(patientIn(named ? sql`${named} union all ${held}` : held), ownMrn(bounds));
    }
    add('search', sql`(${sql.join(any, sql` or `)})`);
  }
  if (query.patient_name) add('patient-name', patientNameMatches(shape, query.patient_name, scope));
  if (query.patient_mrn && establishmentId) {
    add('patient-mrn', mrnMatches(shape, query.patient_mrn, establishmentId));
  }
  if (query.referral_id) add('referral-id', idMatches(shape, query.referral_id));
  if (query.referrer) add('referrer', personMatches(shape, referrals.referrer_id, query.referrer));
  if (query.receiver) add('receiver', receiverMatches(shape, query.receiver));
}

/** Whether a query searches by patient (name or MRN): its list then starts from the matching patients. */
export function searchesByPatient(query: ReferralSearch): boolean {
  return Boolean(query.search || query.patient_name || query.patient_mrn);
}
