import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/database.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import type { AuditActor } from '../../audit/record-audit.ts';

/**
 * The `logged` CTE of a queue list's statement: one audit row (`action`, resource type import_item) per item
 * id that `itemIds` selects from the page, written by the statement that reads the page, as the referral,
 * patient and report lists do. One statement is one transaction: the rows exist exactly when the page was
 * read, and however long the page, it is one insert.
 */
export function loggedImportListing(
  q: Queryable,
  options: { actor: AuditActor; action: string; itemIds: SQL; page: number },
) {
  const { actor, action, itemIds } = options;
  return q.$with('logged', { one: sql<number>`1` }).as(
    sql`insert into ${auditLog} (actor_id, establishment_id, ip, request_id, action, resource_type,
        resource_id, patient_id, outcome, detail)
      select ${actor.actorId}::uuid, ${actor.establishmentId}::uuid, ${actor.ip}::text,
        ${actor.requestId}::text, ${action}::text, 'import_item', listed.item_id::text, null, 'success',
        ${JSON.stringify({ page: options.page })}::jsonb
      from (${itemIds}) listed returning 1 as one`,
  );
}
