import { and, eq, isNull } from 'drizzle-orm';
import type { ClientMetadata } from 'oidc-provider';
import type { Queryable } from '../../db/database.ts';
import { backendClients } from '../../db/schema/backend-clients.ts';

/** A backend service that may sign in: registered by an establishment and not revoked. */
export type ActiveBackendClient = Pick<
  typeof backendClients.$inferSelect,
  'client_id' | 'establishment_id' | 'name' | 'jwks' | 'scopes'
>;

/**
 * The backend service `clientId` names, unless it was revoked (docs/interop.md, System-to-system access).
 * Read on every token request and every FHIR call it makes, so a revocation holds from the next one.
 */
export async function findActiveBackendClient(
  q: Queryable,
  clientId: string,
): Promise<ActiveBackendClient | undefined> {
  // An assertion names any client_id it likes; PostgreSQL's text cannot hold NUL, and ours are uuids.
  if (clientId.length > 200 || clientId.includes('\0')) return undefined;
  const [row] = await q
    .select({
      client_id: backendClients.client_id,
      establishment_id: backendClients.establishment_id,
      name: backendClients.name,
      jwks: backendClients.jwks,
      scopes: backendClients.scopes,
    })
    .from(backendClients)
    .where(and(eq(backendClients.client_id, clientId), isNull(backendClients.revoked_at)));
  return row;
}

/**
 * The client as the OpenID provider sees it: it authenticates with a JWT signed by one of its keys
 * (private_key_jwt, RS384 or ES384 as the provider allows) and may only use the client credentials grant.
 */
export function clientMetadataOf(client: ActiveBackendClient): ClientMetadata {
  return {
    client_id: client.client_id,
    client_name: client.name,
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: client.jwks.keys.map((key) => ({ ...key })) },
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    // The provider signs with one ES256 key (server-keys.ts); RS256 is the default it would expect.
    id_token_signed_response_alg: 'ES256',
  };
}
