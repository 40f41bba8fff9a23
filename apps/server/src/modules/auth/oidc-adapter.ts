import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/database.ts';
import { oidcModels } from '../../db/schema/auth.ts';
import { clientMetadataOf, findActiveBackendClient } from './backend-clients.ts';
import { revokeSignIn } from './revoke-sign-in.ts';

/** Models revoked together with their grant (logout, refresh-token replay). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'Grant',
]);

/**
 * The grant a stored model belongs to. A grant is filed under its own id, so revoking by grant id removes
 * the grant itself too; a provider session (the login cookie's record) under the grant its sign-in made, so
 * ending the sign-in also ends the login, and the next authorization request asks for the password again.
 */
function grantOf(kind: string, id: string, payload: AdapterPayload): string | null {
  if (kind === 'Grant') return id;
  if (GRANTABLE.has(kind)) return payload.grantId ?? null;
  if (kind === 'Session') {
    // One client, so one authorization per session; its grant is set once the sign-in is granted.
    const authorizations = Object.values(payload.authorizations ?? {});
    return authorizations.find((authorization) => authorization.grantId)?.grantId ?? null;
  }
  return null;
}

/** Stores the OpenID provider's models in `oidc_models`, one row per model, expired rows ignored. */
export function databaseAdapter(db: Database): new (kind: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        kind: this.kind,
        id,
        payload: payload as Record<string, unknown>,
        grant_id: grantOf(this.kind, id, payload),
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcModels)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcModels.kind, oidcModels.id],
          set: { payload: row.payload, grant_id: row.grant_id, uid: row.uid, expires_at: row.expires_at },
        });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      // The provider asks here for any client not in its configuration (the web app's is): those are the
      // establishments' backend services, found on every token request, so a revoked one is refused at once.
      if (this.kind === 'Client') {
        const client = await findActiveBackendClient(db, id);
        return client ? clientMetadataOf(client) : undefined;
      }
      return this.findWhere(eq(oidcModels.id, id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(sql`${oidcModels.payload}->>'userCode' = ${userCode}`);
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumed_at: new Date() })
        .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcModels).where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)));
    }

    /**
     * Every revocation the provider performs comes here: logout and idle expiry (revoke-sign-in.ts), a
     * replayed refresh token or authorization code, the revocation endpoint. It removes the grant, its
     * tokens and the browser's provider session, and ends the API's session of the grant, so its access
     * tokens are refused from the next call on (authenticate.ts checks the session, not only the token).
     */
    async revokeByGrantId(grantId: string): Promise<void> {
      await revokeSignIn(db, grantId);
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcModels.payload, consumed_at: oidcModels.consumed_at })
        .from(oidcModels)
        .where(
          and(
            eq(oidcModels.kind, this.kind),
            condition,
            sql`(${oidcModels.expires_at} is null or ${oidcModels.expires_at} > now())`,
          ),
        )
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : payload;
    }
  };
}
