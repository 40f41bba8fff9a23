import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../http/ids.ts';
import { hitBucket } from '../rate-limits/rate-limit-buckets.ts';
import { auditActorOf, recordAudit } from './record-audit.ts';

/** Denials one caller may add to the audit: enough for any honest mistake, too few to flood it. */
export const DENIED_ACCESS_AUDIT_LIMIT = { capacity: 30, drainMinutes: 60 } as const;

/**
 * Audits a signed-in caller's 404 on a route about one record (e.g. `/api/patients/:id/`): the tenancy
 * check answers another establishment's record like a missing one, so these 404s are where probing shows.
 * Each row names the caller, the route template and the id asked for; a caller who keeps probing gets one
 * more row saying so, then none until their bucket drains.
 */
export function auditDeniedAccess(
  app: FastifyInstance,
  routes: { prefix: string; action: string; resourceType: string }[],
): void {
  // onSend, not onResponse: the row is written before the answer leaves, so it exists once the caller has it.
  app.addHook('onSend', async (request, reply, payload) => {
    const caller = request.caller;
    const route = request.routeOptions.url ?? '';
    const watched = routes.find((r) => route.startsWith(r.prefix));
    if (reply.statusCode !== 404 || !caller || !watched) return payload;
    try {
      const hit = await hitBucket(
        app.database.db,
        `denied-access:${caller.userId}`,
        DENIED_ACCESS_AUDIT_LIMIT,
      );
      if (!hit.allowed && !hit.filled) return payload;
      const id = (request.params as { id?: unknown } | undefined)?.id;
      await recordAudit(
        app.database.db,
        auditActorOf(request, {
          userId: caller.userId,
          establishmentId: caller.current?.establishment.id ?? null,
        }),
        {
          action: watched.action,
          resourceType: watched.resourceType,
          resourceId: typeof id === 'string' && isUuid(id) ? id : null,
          outcome: 'denied',
          detail: {
            route,
            method: request.method,
            ...(hit.filled ? { further_denials: 'not recorded' } : {}),
          },
        },
      );
    } catch (error) {
      // The answer has gone; a database that cannot take the row must not take the server down with it.
      request.log.warn({ err: error }, 'denied access not audited');
    }
    return payload;
  });
}
