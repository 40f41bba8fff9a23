import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DirectoryRole, DoctorEntry, DoctorWrite } from '@referrals/domain/directory/doctor-schemas';
import { directoryRoles } from '@referrals/domain/directory/doctor-schemas';
import type { AuState } from '@referrals/domain/establishments/establishment-codes';
import { titles } from '@referrals/domain/people/people-codes';
import { specialtyCodes } from '@referrals/domain/people/specialty-codes';
import type { Queryable } from '../../db/database.ts';
import { directoryDoctors } from '../../db/schema/patients.ts';
import { pageWindow } from '../../http/paging.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
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
function writableColumns(input: DoctorWrite) {
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

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

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

/** Inserts an entry into the shared directory (establishmentId null) or an establishment's own, audited. */
export async function createDoctor(
  tx: Queryable,
  options: {
    caller: Caller;
    establishmentId: string | null;
    input: DoctorWrite;
    userId?: string | null;
    actor: AuditActor;
  },
): Promise<DoctorEntry> {
  const [row] = await tx
    .insert(directoryDoctors)
    .values({
      ...writableColumns(options.input),
      establishment_id: options.establishmentId,
      created_by_id: options.caller.userId,
      user_id: options.userId ?? null,
    })
    .returning();
  if (!row) throw new Error('directory insert returned no row');
  await recordAudit(tx, options.actor, {
    action: 'doctor.create',
    resourceType: 'directory_doctor',
    resourceId: row.id,
    detail: { establishment_id: row.establishment_id, role: row.role },
  });
  return doctorEntry(row, true);
}

/**
 * Changes an entry the caller may edit within `where`; undefined when there is none (404), so another
 * establishment's entry and a missing one answer alike and nothing changes.
 */
export async function updateDoctor(
  tx: Queryable,
  options: { caller: Caller; id: string; where: SQL; input: DoctorWrite; actor: AuditActor },
): Promise<DoctorEntry | undefined> {
  const [row] = await tx
    .update(directoryDoctors)
    .set({
      ...writableColumns(options.input),
      updated_at: new Date(),
      version: sql`${directoryDoctors.version} + 1`,
    })
    .where(and(eq(directoryDoctors.id, options.id), options.where, doctorsEditableBy(tx, options.caller)))
    .returning();
  if (!row) return undefined;
  await recordAudit(tx, options.actor, {
    action: 'doctor.update',
    resourceType: 'directory_doctor',
    resourceId: row.id,
    detail: { establishment_id: row.establishment_id },
  });
  return doctorEntry(row, true);
}

/** Deletes an entry the caller may edit within `where`; false when there is none (404). */
export async function deleteDoctor(
  tx: Queryable,
  options: { caller: Caller; id: string; where: SQL; actor: AuditActor },
): Promise<boolean> {
  const [row] = await tx
    .delete(directoryDoctors)
    .where(and(eq(directoryDoctors.id, options.id), options.where, doctorsEditableBy(tx, options.caller)))
    .returning({ id: directoryDoctors.id, establishment_id: directoryDoctors.establishment_id });
  if (!row) return false;
  await recordAudit(tx, options.actor, {
    action: 'doctor.delete',
    resourceType: 'directory_doctor',
    resourceId: row.id,
    detail: { establishment_id: row.establishment_id },
  });
  return true;
}
