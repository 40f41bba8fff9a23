import { createPublicKey, randomUUID } from 'node:crypto';
import { fieldErrorsFromIssues, type FieldIssue } from '@referrals/domain/api';
import type {
  BackendClient,
  BackendClientWrite,
  PublicJwks,
} from '@referrals/domain/establishments/backend-client-schemas';
import type { Database } from '../../db/database.ts';
import { backendClients } from '../../db/schema/backend-clients.ts';
import { throwIfErrors } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import { backendClientOfEstablishment, assertEditsEstablishment } from './backend-client-rows.ts';

/**
 * The keys the schema let through but the crypto library cannot use: a modulus or exponent that is no
 * number an RSA key has, a point that is not on P-384. Each is a 400 on the member that is wrong.
 */
function unusableKeys(jwks: PublicJwks): FieldIssue[] {
  return jwks.keys.flatMap((key, index) => {
    try {
      createPublicKey({ key: { ...key }, format: 'jwk' });
      return [];
    } catch {
      const member = key.kty === 'RSA' ? 'n' : 'x';
      const message =
        key.kty === 'RSA'
          ? 'This is not a usable RSA public key.'
          : 'This is not a point on the curve P-384.';
      return [{ path: ['jwks', 'keys', index, member], message }];
    }
  });
}

/**
 * POST establishments/{id}/backend-clients/: a backend service of the establishment (SMART Backend
 * Services), by whoever keeps its settings. The client_id is ours, a new uuid; the service signs its
 * assertions with the private keys whose public halves are registered here, and its tokens carry at most
 * the scopes granted. With the audit row, in one transaction.
 */
export function registerBackendClient(
  db: Database,
  options: { caller: Caller; actor: AuditActor; establishmentId: string; body: BackendClientWrite },
): Promise<BackendClient> {
  const { caller, actor, establishmentId, body } = options;
  return db.transaction(async (tx) => {
    await assertEditsEstablishment(tx, caller, establishmentId, { lock: true });
    // After the settings check, so that someone who may not keep them learns nothing from the keys' errors.
    throwIfErrors(fieldErrorsFromIssues(unusableKeys(body.jwks)));
    const clientId = randomUUID();
    await tx.insert(backendClients).values({
      client_id: clientId,
      establishment_id: establishmentId,
      name: body.name,
      jwks: body.jwks,
      scopes: body.scopes,
      created_by_id: actor.actorId,
    });
    await recordAudit(tx, actor, {
      action: 'backend-client.register',
      resourceType: 'backend-client',
      resourceId: clientId,
      detail: { name: body.name, scopes: body.scopes, kids: body.jwks.keys.map((key) => key.kid) },
    });
    return backendClientOfEstablishment(tx, establishmentId, clientId);
  });
}
