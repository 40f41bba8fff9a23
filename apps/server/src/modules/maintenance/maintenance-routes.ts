import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  MaintenanceSchema,
  MaintenanceStatusSchema,
  MaintenanceWriteSchema,
  type MaintenanceStatus,
} from '@referrals/domain/maintenance/maintenance-schemas';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import { platformAdminOnly } from '../tenancy/route-access.ts';
import { readMaintenance } from './maintenance-switch.ts';
import { switchMaintenance } from './switch-maintenance.ts';

const SWITCH = '/api/platform/maintenance/';

/**
 * Down for maintenance (issue 32; README, Maintenance): what the maintenance page tells anyone, and the
 * platform administrators' switch. Both still answer while the switch is on (http/maintenance.ts), so an
 * administrator can end what they started; under FEATURE_MAINTENANCE only the public status does.
 */
export const maintenanceRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];

  app.get(
    '/api/public/maintenance/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        operationId: 'getMaintenanceStatus',
        summary: 'Whether the service is down for maintenance, with the note and expected end to show',
        description:
          'Answers while the service is down, as the maintenance page needs it; from memory, so it adds ' +
          'nothing to the database’s load (the switch is read again only after a change).',
        response: { 200: MaintenanceStatusSchema },
      },
    },
    async (_request, reply): Promise<MaintenanceStatus> => {
      // The maintenance page asks every half minute; a cache between it and us must not keep the answer.
      void reply.header('cache-control', 'no-store');
      // The environment's needs no database: it may be mid-migration.
      if (app.config.flags.maintenance) {
        return { maintenance: true, source: 'environment', message: null, expected_end: null };
      }
      const state = await app.maintenance.current();
      return state.maintenance
        ? { maintenance: true, source: 'switch', message: state.message, expected_end: state.expected_end }
        : { maintenance: false, source: null, message: null, expected_end: null };
    },
  );

  app.get(
    SWITCH,
    {
      config: { access: platformAdminOnly },
      schema: {
        tags: ['platform'],
        operationId: 'getMaintenance',
        summary: 'The maintenance switch: on or off, its note, and who switched it last',
        security,
        response: { 200: MaintenanceSchema, 401: DetailErrorSchema, 403: DetailErrorSchema },
      },
    },
    () => readMaintenance(db),
  );

  app.put(
    SWITCH,
    {
      config: { access: platformAdminOnly },
      schema: {
        tags: ['platform'],
        operationId: 'switchMaintenance',
        summary: 'Switch the service down for maintenance, or back up',
        description:
          'On: every API and FHIR call but signing in, the profile, signing out, this switch and the health ' +
          'check answers 503 with Retry-After, on every server process from its next request, and the web ' +
          'app shows its maintenance page to everyone but the platform administrators. `message` and ' +
          '`expected_end` (ahead of now) are shown on that page; switching off clears them. Send the ' +
          '`version` read to be refused (409) when another administrator switched in between. Audited.',
        security,
        body: MaintenanceWriteSchema,
        response: {
          200: MaintenanceSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          409: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return switchMaintenance(db, { actor: auditActorOf(request, caller), write: request.body });
    },
  );
  done();
};
