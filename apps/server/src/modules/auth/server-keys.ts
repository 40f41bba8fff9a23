import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../../db/database.ts';
import { serverKeys } from '../../db/schema/auth.ts';

export type ServerKeys = { signingKey: JWK; cookieKeys: string[] };

/**
 * The token signing key and cookie keys, made on the first start and shared through the database so that
 * every server process signs and verifies alike. Two processes starting at once agree on the first write.
 */
export async function loadServerKeys(db: Database): Promise<ServerKeys> {
  const signingKey = await loadOrCreate(db, 'oidc-signing-key', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    return {
      ...(await exportJWK(privateKey)),
      alg: 'ES256',
      use: 'sig',
      kid: randomBytes(8).toString('hex'),
    };
  });
  const cookieKeys = await loadOrCreate(db, 'cookie-keys', () =>
    Promise.resolve([randomBytes(32).toString('base64url')]),
  );
  return { signingKey: signingKey as JWK, cookieKeys: cookieKeys as string[] };
}

/**
 * The HMAC secret that signs the public forms' captcha challenges (ALTCHA; portals/external/captcha.ts),
 * made on the first use and shared through the database like the keys above, so a challenge one server
 * process issued is verified by any other. Apart from loadServerKeys because it is needed whichever
 * sign-in provider the deployment uses.
 */
export async function loadCaptchaKey(db: Database): Promise<string> {
  const key = await loadOrCreate(db, 'captcha-hmac-key', () =>
    Promise.resolve(randomBytes(32).toString('hex')),
  );
  return key as string;
}

async function loadOrCreate(db: Database, name: string, create: () => Promise<unknown>): Promise<unknown> {
  await db
    .insert(serverKeys)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  if (!row) throw new Error(`server key ${name} could not be stored`);
  return row.value;
}
