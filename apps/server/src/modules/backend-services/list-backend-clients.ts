import type { PageQuery } from '@referrals/domain/api';
import type { BackendClient } from '@referrals/domain/establishments/backend-client-schemas';
import type { Database } from '../../db/database.ts';
import type { Caller } from '../tenancy/caller.ts';
import { backendClientPage, assertEditsEstablishment } from './backend-client-rows.ts';

/** GET establishments/{id}/backend-clients/: a page of its backend services, for whoever keeps its settings. */
export async function listBackendClients(
  db: Database,
  options: { caller: Caller; establishmentId: string; query: PageQuery },
): Promise<{ count: number; results: BackendClient[] }> {
  await assertEditsEstablishment(db, options.caller, options.establishmentId);
  return backendClientPage(db, options.establishmentId, options.query);
}
