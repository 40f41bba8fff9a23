import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_DETAIL } from '@referrals/domain/api';

/** How long a client should wait before it asks again while the service is down for maintenance. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/** What still answers: the health check (it says so), and the API's description. */
const STILL_ANSWERED = ['/api/health', '/api/docs', '/api/openapi.json'];

/**
 * Down for maintenance (FEATURE_MAINTENANCE, spec section 9): the web app shows /maintenance for every
 * address, and the API and the FHIR API answer 503 with Retry-After before any work is done, so an
 * upgrade can run its migrations while the processes stay up for the load balancer.
 */
export function registerMaintenance(app: FastifyInstance): void {
  if (!app.config.flags.maintenance) return;
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url.startsWith('/api/') || url.startsWith('/fhir/') || url === '/fhir';
    if (!isApi || STILL_ANSWERED.some((path) => url === path || url.startsWith(`${path}/`))) return;
    await reply
      .status(503)
      .header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS))
      .send({ detail: MAINTENANCE_DETAIL });
  });
}
