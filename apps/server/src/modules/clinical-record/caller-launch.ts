import { and, eq, gt } from 'drizzle-orm';
import { hasIntegrationAccess } from '@referrals/domain/people/access-rules';
import type { ClinicalRecordSystem, Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { clinicalRecordLaunches } from '../../db/schema/clinical-record.ts';
import { ApiError, notFound } from '../../http/api-errors.ts';
import type { Caller } from '../tenancy/caller.ts';
import type { LaunchRow } from './record-session.ts';
import { recordSystemByKey } from './record-system-client.ts';

export const NO_INTEGRATION_ACCESS =
  'Launching Referrals from a clinical record is for GPs and practice managers at a general practice.';

/**
 * The caller's own authorized, unexpired launch and its configured record system, for a call that talks to
 * the record through it. A launch is its person's alone: anyone else's, an expired one and a missing one
 * answer the same 404, so launch ids cannot be probed. Integration access (spec section 6) is checked after
 * the launch.
 */
export async function callerLaunch(
  db: Database,
  options: { config: Config; caller: Caller; launchId: string },
): Promise<{ launch: LaunchRow; system: ClinicalRecordSystem }> {
  const [launch] = await db
    .select()
    .from(clinicalRecordLaunches)
    .where(
      and(
        eq(clinicalRecordLaunches.id, options.launchId),
        eq(clinicalRecordLaunches.status, 'authorized'),
        eq(clinicalRecordLaunches.user_id, options.caller.userId),
        gt(clinicalRecordLaunches.expires_at, new Date()),
      ),
    );
  const system = launch && recordSystemByKey(options.config, launch.system);
  if (!launch || !system) throw notFound();
  if (!hasIntegrationAccess(options.caller.access, false)) {
    throw new ApiError(403, { detail: NO_INTEGRATION_ACCESS });
  }
  return { launch, system };
}
