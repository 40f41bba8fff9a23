import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/database.ts';
import { oidcModels } from '../../db/schema/auth.ts';

/** Models revoked together with their grant (logout, refresh-token replay). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'Grant',
]);

/** Stores the OpenID provider's models in `oidc_models`, one row per model, expired rows ignored. */
export function databaseAdapter(db: Database): new (kind: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        kind: this.kind,
        id,
        payload: payload as Record<string, unknown>,
        // A grant is filed under its own id, so revoking by grant id removes the grant itself too.
        grant_id: this.kind === 'Grant' ? id : GRANTABLE.has(this.kind) ? (payload.grantId ?? null) : null,
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

    find(id: string): Promise<AdapterPayload | undefined> {
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

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.grant_id, grantId));
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
