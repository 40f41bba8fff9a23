import { eq } from 'drizzle-orm';
import * as oauth from 'openid-client';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { clinicalRecordLaunches } from '../../db/schema/clinical-record.ts';
import type { RecordSession } from './read-record.ts';
import {
  isUnreachable,
  recordSystemByKey,
  recordSystemClient,
  recordSystemExpired,
  recordSystemFailed,
} from './record-system-client.ts';

export type LaunchRow = typeof clinicalRecordLaunches.$inferSelect;

/** An access token this close to its expiry is refreshed first, so a call does not fail half-way. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * The signed-in conversation of an authorized launch with its record system: its access token, refreshed
 * with the refresh token (offline_access) when it has expired or is about to. A launch without a usable
 * token is the integration expiring (spec section 8).
 */
export async function launchSession(db: Database, config: Config, launch: LaunchRow): Promise<RecordSession> {
  const system = recordSystemByKey(config, launch.system);
  if (!system || !launch.access_token) throw recordSystemExpired();
  const client = await recordSystemClient(config, system);
  const expiring =
    launch.token_expires_at !== null && launch.token_expires_at.getTime() < Date.now() + REFRESH_MARGIN_MS;
  const accessToken = expiring ? await refreshLaunchToken(db, client, launch) : launch.access_token;
  return { client, system, accessToken };
}

/** A new access token from the launch's refresh token, kept on the launch (with a rotated refresh token). */
export async function refreshLaunchToken(
  db: Database,
  client: oauth.Configuration,
  launch: LaunchRow,
): Promise<string> {
  if (!launch.refresh_token) throw recordSystemExpired();
  const tokens = await oauth.refreshTokenGrant(client, launch.refresh_token).catch((error: unknown) => {
    throw isUnreachable(error) ? recordSystemFailed() : recordSystemExpired();
  });
  await db
    .update(clinicalRecordLaunches)
    .set({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? launch.refresh_token,
      token_expires_at:
        tokens.expires_in === undefined ? null : new Date(Date.now() + tokens.expires_in * 1000),
    })
    .where(eq(clinicalRecordLaunches.id, launch.id));
  return tokens.access_token;
}
