import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DirectoryRole, DoctorEntry, DoctorWrite } from '@referrals/domain/directory/doctor-schemas';
import { directoryRoles } from '@referrals/domain/directory/doctor-schemas';
import type { AuState } from '@referrals/domain/establishments/establishment-codes';
import { titles } from '@referrals/domain/people/people-codes';
import { specialtyCodes } from '@referrals/domain/people/specialty-codes';
import type { Queryable } from '../../db/database.ts';
import { escapeLike } from '../../db/like-pattern.ts';
import { directoryDoctors } from '../../db/schema/patients.ts';
import { pageWindow } from '../../http/paging.ts';
import type { Caller } from '../tenancy/caller.ts';
import { doctorsEditableBy, doctorsReadableBy } from './directory-visibility.ts';

type DoctorRow = typeof directoryDoctors.$inferSelect;

/** The answer shape of a row (section 3 Doctor directory entry), with can_edit for the caller. */
export function doctorEntry(row: DoctorRow, canEdit: boolean): DoctorEntry {
  return {
    id: row.id,
    establishment: row.establishment_id,
    title: row.title && titles.isCode(row.title) ? titles.coded(row.title) : null,
    first_name: row.first_name,
    last_name: row.last_name,
    provider_type:
      row.provider_type && specialtyCodes.isCode(row.provider_type)
        ? specialtyCodes.coded(row.provider_type)
        : null,
    provider_num_list: row.provider_num_list,
    practice_name: row.practice_name,
    email: row.email,
    phone1: row.phone1,
    address1: row.address1,
    city: row.city,
    state: row.state as AuState,
    postcode: row.postcode,
    role: directoryRoles.coded(directoryRoles.isCode(row.role) ? row.role : 'HCP'),
    department_name: row.department_name,
    can_edit: canEdit,
  };
}

/** The columns a write sets from the validated body; owner and directory are the server's. */
export function writableColumns(input: DoctorWrite) {
  return {
    title: input.title,
    first_name: input.first_name,
    last_name: input.last_name,
    role: input.role,
    provider_type: input.provider_type,
    provider_num_list: input.provider_num_list,
    practice_name: input.practice_name,
    department_name: input.department_name,
    email: input.email?.toLowerCase() ?? null,
    phone1: input.phone1,
    address1: input.address1,
    city: input.city,
    state: input.state,
    postcode: input.postcode,
  };
}

/** Every word must match the start of the first name, last name or practice name. */
function keywordCondition(keyword: string | undefined): SQL | undefined {
  if (keyword === undefined) return undefined;
  const words = keyword.split(/\s+/).filter((word) => word !== '');
  return and(
    ...words.map((word) => {
      const prefix = `${escapeLike(word)}%`;
      return or(
        ilike(directoryDoctors.last_name, prefix),
        ilike(directoryDoctors.first_name, prefix),
        ilike(directoryDoctors.practice_name, `%${escapeLike(word)}%`),
      );
    }),
  );
}

export type DoctorListOptions = {
  /** Which directories: shared, an establishment's own, or both (already checked against the caller). */
  where: SQL;
  keyword?: string | undefined;
  role?: DirectoryRole | undefined;
  page: number;
  page_size: number;
};

/** A page of entries, last name first, each with can_edit for the caller. */
export async function listDoctors(
  q: Queryable,
  caller: Caller,
  options: DoctorListOptions,
): Promise<{ count: number; results: DoctorEntry[] }> {
  const where = and(
    doctorsReadableBy(caller),
    options.where,
    keywordCondition(options.keyword),
    options.role === undefined ? undefined : eq(directoryDoctors.role, options.role),
  );
  const { limit, offset } = pageWindow(options);
  const [total] = await q.select({ n: count() }).from(directoryDoctors).where(where);
  const rows = await q
    .select({
      doctor: directoryDoctors,
      can_edit: sql<boolean>`coalesce(${doctorsEditableBy(q, caller)}, false)`,
    })
    .from(directoryDoctors)
    .where(where)
    .orderBy(
      asc(sql`lower(${directoryDoctors.last_name})`),
      asc(directoryDoctors.first_name),
      asc(directoryDoctors.id),
    )
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: rows.map((row) => doctorEntry(row.doctor, row.can_edit)) };
}

/** One entry the caller may read within `where`, or undefined (the routes answer 404). */
export async function getDoctor(
  q: Queryable,
  caller: Caller,
  id: string,
  where: SQL,
): Promise<DoctorEntry | undefined> {
  const [row] = await q
    .select({
      doctor: directoryDoctors,
      can_edit: sql<boolean>`coalesce(${doctorsEditableBy(q, caller)}, false)`,
    })
    .from(directoryDoctors)
    .where(and(eq(directoryDoctors.id, id), doctorsReadableBy(caller), where));
  return row ? doctorEntry(row.doctor, row.can_edit) : undefined;
}
