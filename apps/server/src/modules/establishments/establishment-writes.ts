import { eq, sql } from 'drizzle-orm';
import type { EstablishmentWrite } from '@referrals/domain/establishments/establishment-schemas';
import { defaultPermissionsFor } from '@referrals/domain/people/default-permissions';
import { nextFreePriority, TOO_MANY_EMPLOYMENTS_MESSAGE } from '@referrals/domain/people/employment-rules';
import type { EmploymentStatus, Permission } from '@referrals/domain/people/people-codes';
import type { Database, Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments, users } from '../../db/schema/people.ts';
import { conflict, notFound, validationFailed } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { portalColumns } from './portal-settings.ts';
import type { Caller } from '../tenancy/caller.ts';
import { readableEstablishmentRow, type EstablishmentRow } from './establishment-queries.ts';
import {
  canEditEstablishment,
  deletionBlockers,
  deletionRefusedMessage,
} from './establishment-visibility.ts';

export const HOSPITAL_NOT_EDITABLE_MESSAGE =
  'Choose a hospital you are the account holder of; a department is added by its hospital.';
export const TYPE_FIXED_MESSAGE = 'The type of an establishment cannot be changed.';

/**
 * The columns a write sets from the validated body; approval, verification, ownership and the slug are the
 * server's. The slug is the establishment's (null for a new one): its portal can only be on with one.
 */
function writableColumns(input: EstablishmentWrite, slug: string | null) {
  return {
    name: input.name,
    type: input.type,
    hospital_id: input.type === 'DT' ? (input.hospital_id ?? null) : null,
    phone1: input.phone1 ?? null,
    phone2: input.phone2 ?? null,
    address1: input.address1 ?? null,
    address2: input.address2 ?? null,
    city: input.city ?? null,
    state: input.state,
    postcode: input.postcode ?? null,
    email: input.email ?? null,
    website: input.website ?? null,
    description: input.description ?? null,
    accepts_join_requests: input.accepts_join_requests,
    accepts_in_app_referrals: input.accepts_in_app_referrals,
    disable_auto_allocation: input.disable_auto_allocation,
    allows_shared_inbox_access: input.allows_shared_inbox_access,
    allows_cpl_and_shared_outbox_access: input.allows_cpl_and_shared_outbox_access,
    case_conferences_enabled: input.case_conferences_enabled,
    sms_enabled: input.sms_enabled,
    digital_ordering: input.digital_ordering,
    accepts_advice_and_guidance: input.accepts_advice_and_guidance,
    shares_waiting_times: input.shares_waiting_times,
    services: [...new Set(input.services)],
    health_organisation_network: input.health_organisation_network ?? null,
    // Absent keeps what is stored (and a new establishment starts with none, the column's default).
    ...(input.intake_sender_domains ? { intake_sender_domains: input.intake_sender_domains } : {}),
    ...portalColumns(input.portal, slug),
  };
}

/** A department belongs to a hospital (HL) the caller can edit; anything else is the same 400. */
async function assertEditableHospital(q: Queryable, caller: Caller, hospitalId: string): Promise<void> {
  const [hospital] = await q.select().from(establishments).where(eq(establishments.id, hospitalId));
  if (!hospital || hospital.type !== 'HL' || !canEditEstablishment(caller, hospital)) {
    throw validationFailed({ hospital_id: [HOSPITAL_NOT_EDITABLE_MESSAGE] });
  }
}

/**
 * POST establishments/: the establishment, unapproved and unverified until the platform acts, and the
 * creator's approved account-holder employment at their next free priority, in one transaction. No free
 * priority is a 400 and nothing is saved.
 */
export async function createEstablishment(
  db: Database,
  caller: Caller,
  input: EstablishmentWrite,
  actor: AuditActor,
): Promise<string> {
  return db.transaction(async (tx) => {
    if (input.type === 'DT' && input.hospital_id) await assertEditableHospital(tx, caller, input.hospital_id);
    // Two creations at once must not both take priority 1: the user's row serialises them.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)).for('update');
    const held = await tx
      .select({
        id: employments.id,
        priority: employments.priority,
        status: employments.status,
        establishment_id: employments.establishment_id,
      })
      .from(employments)
      .where(eq(employments.user_id, caller.userId));
    const priority = nextFreePriority(
      held.map((job) => ({
        id: job.id,
        priority: job.priority,
        status: job.status as EmploymentStatus,
        establishment: { id: job.establishment_id },
      })),
    );
    if (priority === null) throw validationFailed({ non_field_errors: [TOO_MANY_EMPLOYMENTS_MESSAGE] });

    const [created] = await tx
      .insert(establishments)
      .values({
        ...writableColumns(input, null),
        created_by_id: caller.userId,
        is_approved: false,
        is_verified: false,
      })
      .returning({ id: establishments.id });
    if (!created) throw new Error('establishment insert returned no row');
    const permissions: Permission[] = [
      ...new Set<Permission>([...defaultPermissionsFor(caller.role), 'administer_referral']),
    ];
    const [employment] = await tx
      .insert(employments)
      .values({
        user_id: caller.userId,
        establishment_id: created.id,
        priority,
        status: 'APPROVED',
        is_account_holder: true,
        actioned_by: 'ESTABLISHMENT',
        permissions,
      })
      .returning({ id: employments.id });
    await recordAudit(tx, actor, {
      action: 'establishment.create',
      resourceType: 'establishment',
      resourceId: created.id,
      detail: { type: input.type, hospital_id: input.type === 'DT' ? input.hospital_id : null },
    });
    await recordAudit(tx, actor, {
      action: 'employment.create',
      resourceType: 'employment',
      resourceId: employment?.id ?? null,
      detail: { establishment_id: created.id, priority, status: 'APPROVED', is_account_holder: true },
    });
    return created.id;
  });
}

/** The establishment's row when the caller may edit it, locked for the rest of the transaction; else 404. */
export async function editableEstablishmentRow(
  q: Queryable,
  caller: Caller,
  id: string,
): Promise<EstablishmentRow> {
  const row = await readableEstablishmentRow(q, caller, id, { forUpdate: true });
  // Readable but not editable answers like a missing id: the caller learns nothing they could not see.
  if (!row || !canEditEstablishment(caller, row)) throw notFound();
  return row;
}

/** PUT establishments/{id}/: the whole writable part, when the caller can edit it (else 404). */
export async function updateEstablishment(
  db: Database,
  caller: Caller,
  id: string,
  input: EstablishmentWrite,
  actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await editableEstablishmentRow(tx, caller, id);
    if (input.type !== row.type) throw validationFailed({ type: [TYPE_FIXED_MESSAGE] });
    const values = writableColumns(input, row.slug);
    if (row.type === 'DT' && values.hospital_id !== row.hospital_id && values.hospital_id) {
      await assertEditableHospital(tx, caller, values.hospital_id);
    }
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
      (key) => JSON.stringify(values[key]) !== JSON.stringify(row[key]),
    );
    await tx
      .update(establishments)
      .set({ ...values, updated_at: new Date(), version: sql`${establishments.version} + 1` })
      .where(eq(establishments.id, id));
    await recordAudit(tx, actor, {
      action: 'establishment.update',
      resourceType: 'establishment',
      resourceId: id,
      detail: { changed },
    });
  });
}

/**
 * DELETE establishments/{id}/: only when can_delete. The caller's own employment there (and closed ones
 * of others, which are history of a place that no longer exists) go with it, and nobody keeps it as their
 * current establishment. Returns the stored logo, for the caller to remove once the change is committed.
 */
export async function deleteEstablishment(
  db: Database,
  caller: Caller,
  id: string,
  actor: AuditActor,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    // The row lock also holds back a join request or invitation until this commits.
    const row = await editableEstablishmentRow(tx, caller, id);
    const blockers = (await deletionBlockers(tx, [id], caller.userId)).get(id);
    if (blockers) throw conflict(deletionRefusedMessage(blockers));
    const removed = await tx
      .delete(employments)
      .where(eq(employments.establishment_id, id))
      .returning({ id: employments.id, user_id: employments.user_id, status: employments.status });
    await tx
      .update(users)
      .set({ current_establishment_id: null })
      .where(eq(users.current_establishment_id, id));
    await tx.delete(establishments).where(eq(establishments.id, id));
    await recordAudit(tx, actor, {
      action: 'establishment.delete',
      resourceType: 'establishment',
      resourceId: id,
      detail: { name: row.name, type: row.type, employments_removed: removed },
    });
    return row.branding_logo;
  });
}

/** Sets (or clears, with null) the branding logo when the caller can edit; returns the file it replaces. */
export async function setBrandingLogo(
  db: Database,
  caller: Caller,
  id: string,
  stored: string | null,
  actor: AuditActor,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const row = await editableEstablishmentRow(tx, caller, id);
    if (stored === null && row.branding_logo === null) throw notFound();
    await tx
      .update(establishments)
      .set({ branding_logo: stored, updated_at: new Date(), version: sql`${establishments.version} + 1` })
      .where(eq(establishments.id, id));
    await recordAudit(tx, actor, {
      action: stored ? 'establishment.branding-logo.upload' : 'establishment.branding-logo.remove',
      resourceType: 'establishment',
      resourceId: id,
      detail: { file: stored, replaced: row.branding_logo },
    });
    return row.branding_logo;
  });
}
