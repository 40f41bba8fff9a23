import type { FastifyInstance, FastifyReply } from 'fastify';
import { MAINTENANCE_DETAIL } from '@referrals/domain/api';
import { MaintenanceSwitch } from '../modules/maintenance/maintenance-switch.ts';

/** How long a client should wait before it asks again while the service is down for maintenance. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/**
 * What still answers, however the service went down: the health check (it says so), the maintenance page's
 * status (from memory), and the API's description.
 */
const STILL_ANSWERED = ['/api/health', '/api/public/maintenance/', '/api/docs', '/api/openapi.json'];

/**
 * What else answers while a platform administrator's switch has the service down: what an administrator
 * needs to sign in, see who they are and end it. Signing in itself is under /auth, outside the API; the
 * profile is the web app's proof of who is signed in; everything else, their own calls too, answers 503.
 */
const ANSWERED_WHILE_SWITCHED = new Set([
  'GET /api/profile/',
  'POST /api/profile/logout/',
  'GET /api/platform/maintenance/',
  'PUT /api/platform/maintenance/',
]);

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform administrators' maintenance switch, as this process knows it. */
    maintenance: MaintenanceSwitch;
  }
}

/**
 * Down for maintenance (spec section 9, issue 32), in either of two ways. FEATURE_MAINTENANCE: the web app
 * shows /maintenance for every address, and the API and the FHIR API answer 503 with Retry-After before any
 * work is done, so an upgrade can run its migrations while the processes stay up for the load balancer.
 * A platform administrator's switch (modules/maintenance/): the same answer, except for the calls that let
 * an administrator sign in and switch it off; it is kept in the database and every process hears of a
 * change at once, so it reads the switch only after one, never on each request.
 */
export function registerMaintenance(app: FastifyInstance): void {
  app.decorate('maintenance', new MaintenanceSwitch(app.database.db, app.database.callerChanges));
  const environment = app.config.flags.maintenance;
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url.startsWith('/api/') || url.startsWith('/fhir/') || url === '/fhir';
    if (!isApi || STILL_ANSWERED.some((path) => url === path || url.startsWith(`${path}/`))) return;
    if (environment) return refuse(reply);
    if (ANSWERED_WHILE_SWITCHED.has(`${request.method} ${url}`)) return;
    if (await app.maintenance.isOn()) return refuse(reply);
  });
}

async function refuse(reply: FastifyReply): Promise<void> {
  await reply
    .status(503)
    .header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS))
    .send({ detail: MAINTENANCE_DETAIL });
}
