import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@referrals/domain/api';
import { APP_VERSION } from '@referrals/domain/constants';

/** Load balancers and `npm start` ask this; it answers 503 while the database does not. */
export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        summary: 'Whether the server and its database answer, and whether it is down for maintenance',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const database = (await app.database.ping()) ? 'ok' : 'unavailable';
      const status = database === 'ok' ? 'ok' : 'unavailable';
      // Down for maintenance by the environment or by a platform administrator's switch (http/maintenance.ts),
      // which this process knows from memory; 200 all the same, so a load balancer keeps the process in.
      const maintenance = app.config.flags.maintenance || (await app.maintenance.isOn());
      return reply.status(status === 'ok' ? 200 : 503).send({
        status,
        database,
        maintenance,
        version: APP_VERSION,
      });
    },
  );
  done();
};
