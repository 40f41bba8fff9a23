import { sql, type Column, type SQL } from 'drizzle-orm';
import type { StatementShape } from '../../../db/prepared-shapes.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { patientMrns, patients } from '../../../db/schema/patients.ts';
import { users } from '../../../db/schema/people.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { prefixPattern } from '../../patients/patient-queries.ts';

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

/**
 * Every word starts the patient's first or last name. A filter on the patient found by id, not an index
 * walk, so a bound `like` pattern costs a generic plan nothing.
 */
export function patientNameMatches(shape: StatementShape, text: string): SQL {
  const each = words(text).map((word) => {
    const pattern = shape.bind(prefixPattern(word));
    return shape.part(
      'name-word',
      sql`(lower(p.first_name) like ${pattern} or lower(p.last_name) like ${pattern})`,
    );
  });
  if (each.length === 0) return shape.part('no-name', sql`true`);
  return lookedUp(sql`select true from ${patients} p where p.id = ${referrals.patient_id}
    and ${sql.join(each, sql` and `)}`);
}

/** The referral's MRN, or the patient's MRN at the caller's establishment, starts with the text. */
export function mrnMatches(shape: StatementShape, text: string, establishmentId: string): SQL {
  const pattern = shape.bind(prefixPattern(text.toLowerCase()));
  const held = lookedUp(sql`select true from ${patientMrns} m
    where m.patient_id = ${referrals.patient_id} and m.establishment_id = ${shape.bind(establishmentId)}
    and lower(m.number) like ${pattern}`);
  return sql`(lower(${referrals.mrn}) like ${pattern} or ${held})`;
}

/** The referral id starts with the text (ids are shown shortened). */
export function idMatches(shape: StatementShape, text: string): SQL {
  return sql`${referrals.id}::text like ${shape.bind(prefixPattern(text.toLowerCase()))}`;
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
 */
export function addSearchFilters(
  shape: StatementShape,
  query: ReferralSearch,
  establishmentId: string | null,
  add: (part: string, filter: SQL) => void,
): void {
  if (query.search) {
    const any = [patientNameMatches(shape, query.search), idMatches(shape, query.search)];
    if (establishmentId) any.push(mrnMatches(shape, query.search, establishmentId));
    add('search', sql`(${sql.join(any, sql` or `)})`);
  }
  if (query.patient_name) add('patient-name', patientNameMatches(shape, query.patient_name));
  if (query.patient_mrn && establishmentId) {
    add('patient-mrn', mrnMatches(shape, query.patient_mrn, establishmentId));
  }
  if (query.referral_id) add('referral-id', idMatches(shape, query.referral_id));
  if (query.referrer) add('referrer', personMatches(shape, referrals.referrer_id, query.referrer));
  if (query.receiver) add('receiver', receiverMatches(shape, query.receiver));
}
