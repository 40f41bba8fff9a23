import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { canSeeImportQueue } from '@referrals/domain/people/access-rules';
import { notFound, permissionDenied } from '../../../http/api-errors.ts';
import { isUuid } from '../../../http/ids.ts';
import { auditActorOf, type AuditActor } from '../../audit/record-audit.ts';
import { patientEstablishmentOf } from '../../patients/patient-visibility.ts';
import { callerOf, type Caller } from '../../tenancy/caller.ts';
import type { AccessRule } from '../../tenancy/route-access.ts';

export const ImportItemParamsSchema = z.object({ id: z.string() });
export const ImportKindItemParamsSchema = z.object({ kind: z.string(), id: z.string() });
export const ImportFileParamsSchema = z.object({ id: z.string(), fileId: z.string() });
export const ImportPageParamsSchema = z.object({ id: z.string(), fileId: z.string(), n: z.string() });

/**
 * The establishment whose import queue the caller works: the current one, with the reach of its patient
 * data (approved there, not the limited mode), for those who take referrals in (canSeeImportQueue, the
 * rule the web app shows the queue by; docs/import-queue.md, The queue). Null for anyone else.
 */
export function importEstablishmentOf(caller: Caller): string | null {
  const establishmentId = patientEstablishmentOf(caller);
  if (establishmentId === null || !canSeeImportQueue(caller.access)) return null;
  return establishmentId;
}

/** The queue's lists: a caller who may not work the queue is refused (403), as for the other lists. */
export const worksImportQueue: AccessRule = {
  name: 'works the import queue',
  allows: (caller) => importEstablishmentOf(caller) !== null,
};

/** Who asks about one import item: the caller, their audit actor, the queue's establishment and the item. */
export type ImportCall = { caller: Caller; actor: AuditActor; establishmentId: string; itemId: string };

/**
 * The call about one import item. A caller who may not work the queue, or a malformed id, gets the 404 of
 * a missing item: a 403 would tell them the id exists.
 */
export async function importCall(request: FastifyRequest, itemId: string): Promise<ImportCall> {
  const caller = await callerOf(request);
  const establishmentId = importEstablishmentOf(caller);
  if (establishmentId === null || !isUuid(itemId)) throw notFound();
  return { caller, actor: auditActorOf(request, caller), establishmentId, itemId };
}

/**
 * The caller of a queue list, their audit actor (a list writes a row per item it shows) and the queue's
 * establishment; the route's rule has refused anyone else.
 */
export async function importQueueOf(
  request: FastifyRequest,
): Promise<{ caller: Caller; actor: AuditActor; establishmentId: string }> {
  const caller = await callerOf(request);
  const establishmentId = importEstablishmentOf(caller);
  if (establishmentId === null) throw permissionDenied();
  return { caller, actor: auditActorOf(request, caller), establishmentId };
}
