import { and, eq } from 'drizzle-orm';
import type { BackendClient } from '@referrals/domain/establishments/backend-client-schemas';
import type { Database } from '../../db/database.ts';
import { backendClients } from '../../db/schema/backend-clients.ts';
import { conflict, notFound } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import { backendClientOfEstablishment, assertEditsEstablishment } from './backend-client-rows.ts';

export const ALREADY_REVOKED_MESSAGE = 'This backend service was revoked already.';

/**
 * POST establishments/{id}/backend-clients/{client_id}/revoke/: the service can no longer get a token, and
 * the tokens it holds are refused from their next call (the FHIR API looks the client up on every one). The
 * row stays, so the audit's client ids keep their name. Revoking twice is a 409; with the audit row, in one
 * transaction.
 */
export function revokeBackendClient(
  db: Database,
  options: { caller: Caller; actor: AuditActor; establishmentId: string; clientId: string },
): Promise<BackendClient> {
  const { caller, actor, establishmentId, clientId } = options;
  return db.transaction(async (tx) => {
    await assertEditsEstablishment(tx, caller, establishmentId, { lock: true });
    const which = and(
      eq(backendClients.establishment_id, establishmentId),
      eq(backendClients.client_id, clientId),
    );
    const [row] = await tx
      .select({ revoked_at: backendClients.revoked_at, name: backendClients.name })
      .from(backendClients)
      .where(which)
      .for('update');
    if (!row) throw notFound();
    if (row.revoked_at) throw conflict(ALREADY_REVOKED_MESSAGE);
    await tx
      .update(backendClients)
      .set({ revoked_at: new Date(), revoked_by_id: actor.actorId })
      .where(which);
    await recordAudit(tx, actor, {
      action: 'backend-client.revoke',
      resourceType: 'backend-client',
      resourceId: clientId,
      detail: { name: row.name },
    });
    return backendClientOfEstablishment(tx, establishmentId, clientId);
  });
}
